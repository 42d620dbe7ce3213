import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENVIRONMENT_VARIABLES, loadConfig } from './config.server';

/** The environment, read by one schema (app/config.server.ts; README "Configuration", .env.example). */
describe('configuration', () => {
  it('runs on its defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      database: { dialect: 'sqlite', file: path.resolve('./data/cloudclip.db') },
      downloadStreamLimit: 32,
      shutdownGraceSeconds: 30,
      copyBytesPerSecond: 0,
      logLevel: 'info',
      trustProxy: false,
      isProduction: false,
    });
  });

  it('counts a variable set to nothing as not set', () => {
    expect(loadConfig({ PORT: '', DOWNLOAD_STREAM_LIMIT: '', LOG_LEVEL: '' })).toMatchObject({
      port: 8787,
      downloadStreamLimit: 32,
      logLevel: 'info',
    });
  });

  it('reads what is set: PostgreSQL by its scheme, a public address without its trailing slash', () => {
    const config = loadConfig({
      PORT: '0',
      DATABASE_URL: 'postgres://u:p@db:5432/cloudclip',
      PUBLIC_URL: 'https://paste.example.com/',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 0,
      database: { dialect: 'postgres', url: 'postgres://u:p@db:5432/cloudclip' },
      publicUrl: 'https://paste.example.com',
      trustProxy: 1,
      logLevel: 'warn',
      isProduction: true,
    });
  });

  it('stops at start with every mistake named, what it takes, and what it holds', () => {
    const mistakes = {
      PORT: '80a',
      DOWNLOAD_STREAM_LIMIT: '0',
      LOGIN_RATE_LIMIT: 'ten',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'paste.example.com',
    };
    let thrown: unknown;
    try {
      loadConfig(mistakes);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const message = (thrown as Error).message;
    expect(message).toMatch(/^Cloudclip cannot start: the configuration has mistakes:/);
    expect(message).toContain('PORT: a port number from 0 to 65535 (it is "80a")');
    expect(message).toContain('DOWNLOAD_STREAM_LIMIT: a whole number of at least 1 (it is "0")');
    expect(message).toContain('LOGIN_RATE_LIMIT: a count and a window in seconds, like 10/900 (it is "ten")');
    expect(message).toContain('LOG_LEVEL: fatal, error, warn, info, debug, trace, silent (it is "loud")');
    expect(message).toContain('PUBLIC_URL: an absolute http(s) address');
    expect(message.split('\n')).toHaveLength(6);
  });

  it('is documented whole: .env.example and the README name every variable the app reads', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    const listed = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(ENVIRONMENT_VARIABLES.length).toBeGreaterThan(10);
    expect(listed.sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const missing = ENVIRONMENT_VARIABLES.filter((name) => name !== 'NODE_ENV' && !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
