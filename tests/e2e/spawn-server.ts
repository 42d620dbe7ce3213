import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface SpawnedServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data folder. */
  stop(): Promise<void>;
}

export interface SpawnOptions {
  adminUsername?: string;
  adminPassword?: string;
  /** Extra environment, e.g. { LOGIN_RATE_LIMIT: '3/600' }. */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * A private instance of the production build, for tests that change server-wide state (the admin
 * password, the per-address login limiter) and must not disturb the shared server. It listens on a
 * port the OS picks (PORT=0) and is ready once it prints its "listening on http://…" line.
 * E2E_BUILD_DIR selects another copy of the build, as for the shared server.
 */
export async function spawnServer(options: SpawnOptions = {}): Promise<SpawnedServer> {
  const entry = path.join(path.resolve(root, process.env.E2E_BUILD_DIR ?? 'build'), 'server.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const dataDir = path.join(root, '.tmp', `e2e-spawn-${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(dataDir, { recursive: true });

  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: options.adminUsername ?? 'admin',
      ADMIN_PASSWORD: options.adminPassword ?? 'spawned-admin-password',
      LOGIN_RATE_LIMIT: '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`server did not start in time:\n${output}`)),
      options.timeoutMs ?? 30_000,
    );
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`server exited with ${code} before listening:\n${output}`)));
    child.once('error', fail);
  });
  // Keep draining the pipes so the server never blocks on a full buffer.
  child.stdout!.resume();
  child.stderr!.resume();

  return { url, dataDir, stop: () => stopServer(child, dataDir) };
}

async function stopServer(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
