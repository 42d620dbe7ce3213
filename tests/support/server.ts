import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseFor } from './postgres';

export interface ServerOptions {
  /** Extra environment, e.g. { LOGIN_RATE_LIMIT: '3/600' }. */
  env?: Record<string, string>;
  adminUsername?: string;
  adminPassword?: string;
  /** A data folder to use (a restart on the same data). The caller owns it: stop() leaves it. */
  dataDir?: string;
  /** Keep the fresh data folder this helper made when the server stops (to restart on it). */
  keepData?: boolean;
  timeoutMs?: number;
  /** Run as this user (the tests run as root): file permissions then apply, as in production. */
  user?: { uid: number; gid: number };
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** The server process's id (to look at what it holds open in /proc). */
  pid: number;
  dataDir: string;
  /** The server's PostgreSQL database (TEST_DATABASE=postgres, or DATABASE_URL given); null: SQLite in dataDir. */
  databaseUrl: string | null;
  /** Everything the server printed so far. */
  output: () => string;
  /**
   * Everything printed, once the request log has written the line of the request `requestId` (an
   * answer's X-Request-Id): the log writes in batches (app/log.server.ts), in order, so whatever the
   * server logged before that request is out too. Fails when the line does not come.
   */
  logThrough: (requestId: string | null) => Promise<string>;
  /** SIGTERM (graceful shutdown; SIGKILL after 10 s), then removes the data folder this helper made. */
  stop: () => Promise<void>;
  /** Closes our end of the server's stdout and stderr, as a log collector that went away would. */
  dropOutput: () => void;
  /** SIGKILL: the process gets no chance to clean up (a crash, an OOM kill). The data stays. */
  kill: () => Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The node flags `npm start` runs the server with (read, not imported: Playwright's loader wants JSON import attributes). */
const SERVER_NODE_FLAGS = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'scripts/server-node-flags.json'), 'utf8'),
) as string[];

/** Node's compile cache shared by the suite's servers (its hundreds of starts). */
export const TEST_COMPILE_CACHE = path.join(ROOT, '.tmp', 'compile-cache');

/**
 * The one server spawner of the test suites: the production build (build/server.js, or the copy in
 * E2E_BUILD_DIR) on the runner's Node (24, decision 0022), on a port the OS picks, with a fresh data
 * folder — the real app, a real SQLite file, nothing mocked. Ready once it prints its "listening on http://…" line.
 * With TEST_DATABASE=postgres the data lives in a database of its own on the test PostgreSQL server
 * instead (tests/support/postgres.ts), named after the data folder so a restart finds it again.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const entry = path.join(path.resolve(ROOT, process.env.E2E_BUILD_DIR ?? 'build'), 'server.js');
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const owned = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-test-'));
  const database = process.env.TEST_DATABASE === 'postgres' ? await databaseFor(dataDir) : null;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      S3_PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      ADMIN_USERNAME: options.adminUsername ?? 'admin',
      ADMIN_PASSWORD: options.adminPassword ?? 'test-admin-password',
      // One compile cache for every server of the suite: each has a fresh data folder, where the
      // app would keep its own (app/compile-cache.server.ts), and would compile from nothing.
      NODE_COMPILE_CACHE: TEST_COMPILE_CACHE,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.user,
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));

  const url = await new Promise<string>((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${log}`)), options.timeoutMs ?? 30_000);
    child.stdout!.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${log}`)));
    child.once('error', fail);
  });

  const ended = () => child.exitCode !== null || child.signalCode !== null;
  // 'close', not 'exit': only then has everything the child printed been read.
  const closed = () => new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    url,
    pid: child.pid!,
    dataDir,
    databaseUrl: database?.url ?? (options.env?.DATABASE_URL?.startsWith('postgres') ? options.env.DATABASE_URL : null),
    output: () => log,
    logThrough: async (requestId) => {
      if (!requestId) throw new Error('the answer carried no X-Request-Id');
      const line = `"id":"${requestId}"`;
      for (let waited = 0; !log.includes(line); waited += 25) {
        if (waited > 5_000) throw new Error(`the request log has no line for ${requestId}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return log;
    },
    stop: async () => {
      if (!ended()) {
        const done = closed();
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await done;
        clearTimeout(force);
      }
      if (owned && !options.keepData) {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
    dropOutput: () => {
      child.stdout!.destroy();
      child.stderr!.destroy();
    },
    kill: async () => {
      if (ended()) return;
      const done = closed();
      child.kill('SIGKILL');
      await done;
    },
  };
}

/**
 * For the tests that kill a server mid-task: the restarted one takes the task up after 5 s without a
 * heartbeat instead of 15 (TASK_TAKEOVER_SECONDS). Runs write theirs every second.
 */
export const QUICK_TAKEOVER = { TASK_TAKEOVER_SECONDS: '5' };
