import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from '~/log.server';
import type { Db, Sql } from './client.server';

/**
 * SQLite's WAL checkpoints off the event loop (issue 46, docs/architecture.md §4). By default the
 * connection whose commit takes the WAL past 1,000 pages copies the WAL back into the database
 * there and then, fsync included, on the one thread that answers every request. At a million pastes
 * the view tally's flushes (decision 0041) touch pages all over the file, and those checkpoints took
 * the p99 of paste views from 20 to 28 ms (bench/scale.bench.mjs); without them it was 21 ms.
 *
 * So the server's connections never checkpoint (`wal_autocheckpoint = 0`) and a worker thread with
 * a connection of its own runs a PASSIVE checkpoint every second: it copies what no reader still
 * needs and never blocks a reader or a writer. If the worker stops, the connections checkpoint
 * themselves again. Only the long-running server does this; the CLI and tests keep SQLite's default.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 0 });
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage(String(error && error.message));
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

const EVERY_MS = 1000;
/** SQLite's own default, for the connections when the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000;

export interface Checkpointer {
  /** Runs a last checkpoint and ends the worker; the connections checkpoint themselves again. */
  stop(): Promise<void>;
}

export async function startCheckpointer(file: string, sql: Sql, db: Db, log: Logger): Promise<Checkpointer> {
  const autocheckpoint = async (pages: number) => {
    sql.pragma(`wal_autocheckpoint = ${pages}`);
    await db.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${pages}`);
  };
  await autocheckpoint(0);
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: EVERY_MS },
  });
  worker.unref();
  worker.on('message', (problem: string) => log.warn({ problem }, 'A WAL checkpoint failed; the next one retries'));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  let stopping = false;
  worker.once('error', (error) => log.error({ err: error }, 'The WAL checkpointer stopped'));
  // A worker gone for any reason but stop(): the connections take the checkpoints back.
  void exited.then(async () => {
    if (!stopping) await autocheckpoint(AUTOCHECKPOINT_PAGES).catch(() => undefined);
  });
  return {
    async stop() {
      stopping = true;
      // Held until it has gone: an unref'd worker is no reason to keep running, and a shutdown
      // awaiting it would end the process right there, before the writes after it.
      worker.ref();
      worker.postMessage('stop');
      await exited;
      await autocheckpoint(AUTOCHECKPOINT_PAGES).catch(() => undefined);
    },
  };
}
