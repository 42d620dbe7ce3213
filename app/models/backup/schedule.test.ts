import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, keyPrincipal } from '../../../tests/support/principals';
import { outcome } from '../../../tests/support/fs-models';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { getTask } from '~/models/tasks/tasks.server';
import { startTaskWorker } from '~/models/tasks/worker.server';
import { enqueueDueBackup, getBackupSchedule, runBackupNow, saveBackupSchedule } from './schedule.server';
import { deleteStoredBackup, storedBackups } from './stored.server';
import { claimTarget } from '~/models/tasks/claims.server';
import { runBackupTask } from './task.server';
import { deleteStorageConfig } from '~/models/storage/configs.server';

/**
 * The backup schedule as models (issue 32, decision 0032 "Schedule"): what the form may save, one
 * task per run time however many replicas ask, one backup at a time, keep-the-last-N.
 */
describe('backup schedule', () => {
  let temp: TempContext;
  let storageId: string;
  let workers: { stop: () => Promise<void> }[] = [];
  const form = (over: Record<string, string | undefined> = {}) => {
    const fields: Record<string, string | undefined> = {
      enabled: 'on',
      frequency: 'daily',
      weekday: '0',
      time: '03:00',
      time_zone: 'UTC',
      keep: '2',
      storage_config_id: storageId,
      folder: 'nightly',
      passphrase: 'a long passphrase',
      ...over,
    };
    // The form has the passphrase typed twice; a test names the second only to make them differ.
    return { passphrase_again: fields.passphrase, ...fields };
  };
  const backupsFolder = () => path.join(temp.dir, 'storage', '.cloudclip-backups', 'nightly');

  beforeAll(async () => {
    temp = await tempModelContext();
    storageId = (await temp.ctx.db.storageConfig.findFirstOrThrow()).id;
  });
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];
    await temp.ctx.db.backupSchedule.deleteMany();
    await temp.ctx.db.task.deleteMany();
  });
  afterAll(() => temp.close());

  const settled = async (id: string) => {
    let task = await getTask(temp.ctx, ADMIN, id);
    for (let i = 0; i < 300 && ['pending', 'running'].includes(task.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      task = await getTask(temp.ctx, ADMIN, id);
    }
    return task;
  };

  it('saves only what makes a runnable schedule, and never shows or stores the passphrase in the clear', async () => {
    expect(await outcome(saveBackupSchedule(temp.ctx, keyPrincipal('k', 0xffff), form()))).toBe(
      'forbidden:adminRequired',
    );
    expect(await outcome(saveBackupSchedule(temp.ctx, ADMIN, form({ passphrase: '' })))).toBe(
      'invalid:backupPassphrase',
    );
    expect(await outcome(saveBackupSchedule(temp.ctx, ADMIN, form({ passphrase: 'short' })))).toBe(
      'invalid:backupPassphrase',
    );
    // Typed twice, differently: nothing is saved (issue 42, item 14).
    await expect(
      saveBackupSchedule(temp.ctx, ADMIN, form({ passphrase_again: 'a long passphrasf' })),
    ).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['passphrase_again'], message: 'backupPassphraseMismatch' })],
    });
    expect(await temp.ctx.db.backupSchedule.count()).toBe(0);
    expect(await outcome(saveBackupSchedule(temp.ctx, ADMIN, form({ storage_config_id: 'nope' })))).toBe(
      'invalid:backupStorageRequired',
    );
    // Off, it needs no passphrase.
    const off = await saveBackupSchedule(temp.ctx, ADMIN, form({ enabled: undefined, passphrase: '' }));
    expect(off).toMatchObject({ enabled: false, hasPassphrase: false, next: null, folder: 'nightly/' });

    const saved = await saveBackupSchedule(temp.ctx, ADMIN, form());
    expect(saved).toMatchObject({ enabled: true, hasPassphrase: true, keep: 2 });
    expect(JSON.stringify(saved)).not.toContain('a long passphrase');
    const row = await temp.ctx.db.backupSchedule.findUniqueOrThrow({ where: { id: 1 } });
    expect(row.passphraseEnc).toMatch(/^v1\./);
    expect(row.passphraseEnc).not.toContain('a long passphrase');
    // Saved again with the field empty: the passphrase stays.
    expect(await saveBackupSchedule(temp.ctx, ADMIN, form({ passphrase: '' }))).toMatchObject({ hasPassphrase: true });
    expect((await getBackupSchedule(temp.ctx, ADMIN)).next!.toISOString()).toMatch(/T03:00:00.000Z$/);
    // The storage the backups go to cannot be deleted from under them.
    expect(await outcome(deleteStorageConfig(temp.ctx, ADMIN, storageId))).toBe('conflict:storageHoldsBackups');
  });

  it('makes one task per run time, whichever of several replicas asks, and none before the schedule was saved', async () => {
    await saveBackupSchedule(temp.ctx, ADMIN, form());
    const { savedAt } = await temp.ctx.db.backupSchedule.findUniqueOrThrow({ where: { id: 1 } });
    const day = 24 * 3600_000;
    // The run time before the save is not made up for.
    expect(await enqueueDueBackup(temp.ctx, new Date(savedAt.getTime() + 1000))).toBe(null);
    const after = new Date(savedAt.getTime() + day + 1000);
    const asked = await Promise.all([1, 2, 3, 4].map(() => enqueueDueBackup(temp.ctx, after)));
    const made = asked.filter(Boolean);
    expect(made).toHaveLength(1);
    expect(await enqueueDueBackup(temp.ctx, after)).toBe(null);
    // The next day's is its own.
    expect(await enqueueDueBackup(temp.ctx, new Date(after.getTime() + day))).not.toBe(null);
    expect(await temp.ctx.db.task.count({ where: { type: 'backup' } })).toBe(2);
  });

  it('runs backups one at a time over two workers, keeps the newest N of its own in its folder, and records the result', async () => {
    await saveBackupSchedule(temp.ctx, ADMIN, form());
    fs.mkdirSync(backupsFolder(), { recursive: true });
    // An older scheduled backup and a file of someone else's: the first goes past N, the second stays.
    fs.writeFileSync(path.join(backupsFolder(), 'cloudclip-20200101-030000.tar.gz'), 'old');
    fs.writeFileSync(path.join(backupsFolder(), 'mine.tar.gz'), 'not the schedule’s');
    const first = await runBackupNow(temp.ctx, ADMIN);
    expect(await outcome(runBackupNow(temp.ctx, ADMIN))).toBe('conflict:backupAlreadyRunning');
    // A second task waiting beside it (a scheduled run time), and two workers (two replicas) to
    // take them: the second starts only when the first has ended.
    const second = (await enqueueDueBackup(temp.ctx, new Date(Date.now() + 2 * 24 * 3600_000)))!;
    workers = [startTaskWorker(temp.ctx), startTaskWorker(temp.ctx)];
    const [a, b] = [await settled(first), await settled(second)];
    expect([a.status, b.status]).toEqual(['completed', 'completed']);
    expect(b.startedAt!.getTime()).toBeGreaterThanOrEqual(a.finishedAt!.getTime());
    expect(a.backup).toMatchObject({ trigger: 'manual', storage: expect.any(String), folder: 'nightly/' });

    const names = fs.readdirSync(backupsFolder()).sort();
    expect(names).toContain('mine.tar.gz');
    expect(names).not.toContain('cloudclip-20200101-030000.tar.gz');
    const made = names.filter((n) => n !== 'mine.tar.gz');
    expect(made).toEqual([a.backup!.name, b.backup!.name]);
    expect(fs.statSync(path.join(backupsFolder(), b.backup!.name!)).size).toBe(b.bytesTotal);
    // The work folder is gone; the list on the page matches the folder.
    expect(fs.existsSync(path.join(temp.dir, '.backup-scheduled'))).toBe(false);
    const stored = await storedBackups(temp.ctx, ADMIN);
    expect(stored.backups.map((s) => s.name).sort()).toEqual(made);
    // One deleted from the page: that one goes; a name the schedule does not give is never touched.
    await deleteStoredBackup(temp.ctx, ADMIN, a.backup!.name!);
    expect(fs.readdirSync(backupsFolder()).sort()).toEqual([b.backup!.name, 'mine.tar.gz']);
    await expect(deleteStoredBackup(temp.ctx, ADMIN, 'mine.tar.gz')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(deleteStoredBackup(temp.ctx, ADMIN, a.backup!.name!)).rejects.toMatchObject({ kind: 'not_found' });
    expect((await getBackupSchedule(temp.ctx, ADMIN)).last).toMatchObject({
      status: 'completed',
      name: b.backup!.name,
      size: b.bytesTotal,
    });
  });

  it('a run whose storage is gone fails with that reason, recorded for the dashboard', async () => {
    await saveBackupSchedule(temp.ctx, ADMIN, form());
    await temp.ctx.db.backupSchedule.update({ where: { id: 1 }, data: { storageConfigId: 'deleted-config' } });
    const id = (await enqueueDueBackup(temp.ctx, new Date(Date.now() + 4 * 24 * 3600_000)))!;
    workers = [startTaskWorker(temp.ctx)];
    const task = await settled(id);
    expect(task).toMatchObject({ status: 'failed', error: 'backupStorageRequired' });
    expect((await getBackupSchedule(temp.ctx, ADMIN)).last).toMatchObject({
      status: 'failed',
      error: 'backupStorageRequired',
    });
  });

  it('a backup that finds another replica’s backup running goes back to wait its turn, writing nothing', async () => {
    await saveBackupSchedule(temp.ctx, ADMIN, form());
    const other = await runBackupNow(temp.ctx, ADMIN);
    await temp.ctx.db.task.update({ where: { id: other }, data: { status: 'running' } });
    await claimTarget(temp.ctx, other, 'backup');
    const details = JSON.stringify({ backup: { trigger: 'schedule' }, interruptions: 0 });
    const mine = await temp.ctx.db.task.create({ data: { id: 'mine', type: 'backup', status: 'running', details } });
    const before = await storedBackups(temp.ctx, ADMIN);
    await runBackupTask(temp.ctx, mine, new AbortController().signal);
    expect((await temp.ctx.db.task.findUniqueOrThrow({ where: { id: 'mine' } })).status).toBe('pending');
    expect(await storedBackups(temp.ctx, ADMIN)).toEqual(before);
    // Once the other has ended, its claim is taken over and this one runs.
    await temp.ctx.db.task.update({ where: { id: other }, data: { status: 'completed' } });
    await temp.ctx.db.task.update({ where: { id: 'mine' }, data: { status: 'running' } });
    await runBackupTask(temp.ctx, { ...mine, status: 'running' }, new AbortController().signal);
    const done = await getTask(temp.ctx, ADMIN, 'mine');
    expect(done.status).toBe('completed');
    expect(before.backups.map((b) => b.name)).not.toContain(done.backup!.name);
    expect((await storedBackups(temp.ctx, ADMIN)).backups[0]!.name).toBe(done.backup!.name);
  });
});
