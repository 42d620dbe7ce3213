import { randomFillSync } from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { QUICK_TAKEOVER, startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

const run = promisify(execFile);
const PASSPHRASE = 'killed backup passphrase';

interface BackupTask {
  id: string;
  type: string;
  status: string;
  bytesDone: number;
  backup?: { phase: string | null; name: string | null };
}

/**
 * A scheduled backup cut by kill -9 (issue 32, decision 0032 "Schedule"): the restarted server
 * takes the task up again once its heartbeat is stale, starts it afresh in an emptied work folder,
 * and ends with one whole backup in the folder and nothing half-written anywhere.
 */
describe('reliability: a backup killed mid-way', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const page = formClient(() => server.url);
  const folder = () => path.join(server.dataDir, 'storage', '.cloudclip-backups', 'killed');
  const backupTask = async () =>
    ((await call('GET', '/fs/tasks', { auth: admin })).body.data.tasks as BackupTask[]).find(
      (t) => t.type === 'backup',
    );

  beforeAll(async () => {
    server = await startServer({ keepData: true });
    admin = await adminAuth(call);
    // 64 MiB that gzip cannot shrink: the backup takes a few seconds, long enough to be cut.
    const files = path.join(server.dataDir, 'storage', 'bulk');
    fs.mkdirSync(files, { recursive: true });
    const bytes = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 64; i++) fs.writeFileSync(path.join(files, `f${i}.bin`), randomFillSync(bytes));
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('a backup cut by kill -9 is made again after the restart, leaving one whole backup and no work files', async () => {
    await page.login();
    const storage = (await call('GET', '/s3-configs', { auth: admin })).body.data[0].id as string;
    const schedule = { intent: 'schedule', frequency: 'daily', weekday: '0', time: '03:00', time_zone: 'UTC' };
    const saved = await page.post('/admin/backups', {
      ...schedule,
      keep: '5',
      storage_config_id: storage,
      folder: 'killed',
      passphrase: PASSPHRASE,
      passphrase_again: PASSPHRASE,
    });
    expect(saved.status).toBe(302);
    expect((await page.post('/admin/backups', { intent: 'runNow', id: 'run' })).status).toBe(302);
    let task = await backupTask();
    for (let i = 0; i < 200 && !(task?.status === 'running' && task.bytesDone > 0); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      task = await backupTask();
    }
    expect(task).toMatchObject({ status: 'running', backup: { phase: 'storage' } });
    await server.kill();
    // The killed run left its half-written archive behind.
    const work = path.join(server.dataDir, '.backup-scheduled');
    expect(fs.readdirSync(work).some((name) => name.includes('.partial-'))).toBe(true);
    expect(fs.existsSync(folder())).toBe(false);

    server = await startServer({ dataDir: server.dataDir, keepData: true, env: QUICK_TAKEOVER });
    admin = await adminAuth(call);
    // Taken up again once its heartbeat is TASK_TAKEOVER_SECONDS old, then made afresh.
    for (let i = 0; i < 400 && (await backupTask())?.status !== 'completed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const done = (await backupTask())!;
    expect(done.status).toBe('completed');
    expect(fs.readdirSync(folder())).toEqual([done.backup!.name]);
    expect(fs.existsSync(work)).toBe(false);
    expect(fs.readdirSync(server.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
    // And it is whole: every checksum matches.
    const restored = path.join(server.dataDir, '..', `${path.basename(server.dataDir)}-restored`);
    const dry = await run(
      process.execPath,
      [path.resolve('build/cli/cli.js'), 'restore', path.join(folder(), done.backup!.name!), '--dry-run'],
      { env: { ...process.env, LANG: 'en', DATA_DIR: restored, DATABASE_URL: '', BACKUP_PASSPHRASE: PASSPHRASE } },
    );
    expect(dry.stdout).toContain('every checksum matches');
  }, 60_000);
});
