import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '~/log.server';
import { loadConfig } from '~/config.server';
import { tempModelContext, type TempContext } from '../../tests/support/model-context';
import { startCheckpointer } from './checkpointer.server';

/**
 * The server's WAL checkpoints run on a worker thread (issue 46): its connections stop
 * checkpointing, the worker copies the WAL into the database file, and stop() hands the job back.
 */
describe('startCheckpointer', () => {
  let temp: TempContext;
  beforeEach(async () => {
    temp = await tempModelContext();
  });
  afterEach(() => temp.close());

  const autocheckpoint = () => temp.ctx.sql!.pragma('wal_autocheckpoint', { simple: true });
  const prismaAutocheckpoint = async () =>
    Number(
      Object.values((await temp.ctx.db.$queryRawUnsafe<Record<string, unknown>[]>('PRAGMA wal_autocheckpoint'))[0]!)[0],
    );
  const fileBytes = () => fs.statSync(path.join(temp.dir, 'cloudclip.db')).size;

  it('copies the WAL into the database from its own thread, and gives the checkpoints back on stop', async () => {
    const file = path.join(temp.dir, 'cloudclip.db');
    const log = createLogger(
      loadConfig({ DATA_DIR: temp.dir, APP_SECRET: 'test-secret-0123456789', LOG_LEVEL: 'silent' }),
    );
    const checkpointer = await startCheckpointer(file, temp.ctx.sql!, temp.ctx.db, log);
    expect(autocheckpoint()).toBe(0);
    expect(await prismaAutocheckpoint()).toBe(0);

    // 8 MiB written by a connection that no longer checkpoints: only the worker can move it.
    const before = fileBytes();
    const sql = temp.ctx.sql!;
    sql.exec('CREATE TABLE scratch (b BLOB)');
    const insert = sql.prepare('INSERT INTO scratch (b) VALUES (randomblob(65536))');
    sql.transaction(() => {
      for (let i = 0; i < 128; i++) insert.run();
    })();
    expect(fileBytes() - before).toBeLessThan(1024 * 1024);
    await expect.poll(fileBytes, { timeout: 5000, interval: 100 }).toBeGreaterThan(before + 8 * 1024 * 1024);

    await checkpointer.stop();
    expect(autocheckpoint()).toBe(1000);
    expect(await prismaAutocheckpoint()).toBe(1000);
  });
});
