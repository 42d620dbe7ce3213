import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/remote-servers';
import { recordCase } from './cases';

afterEach(recordCase);

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('reliability: a server that is starting', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-starting-'));
  let child: ReturnType<typeof spawn> | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const closed = new Promise((resolve) => child!.once('close', resolve));
      child.kill('SIGTERM');
      await closed;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After until the app is loaded, never a 404, then serves pages', async () => {
    // A fixed port (not 0), as in production: the port opens a moment before the app is loaded.
    const port = await freePort();
    child = spawn(process.execPath, [path.join(ROOT, 'build/server.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        S3_PORT: '0',
        DATA_DIR: dataDir,
      },
      stdio: 'ignore',
    });
    const statuses: number[] = [];
    let starting: Response | undefined;
    // Polled from before the port opens until a page answers.
    for (let i = 0; i < 3000 && statuses.at(-1) !== 200; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
      if (res) {
        statuses.push(res.status);
        if (res.status === 503) starting ??= res;
        else await res.arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.filter((status) => status !== 503 && status !== 200)).toEqual([]);
    // The app takes most of a second to load: the polls saw it starting.
    expect(starting?.headers.get('retry-after')).toBe('1');
    expect(await starting!.text()).toContain('Cloudclip is starting');
  });
});
