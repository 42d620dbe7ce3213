import { randomUUID } from 'node:crypto';
import { authorize } from '~/auth/operations';
import { creatorId, type Principal } from '~/auth/principal';
import { decrypt, encrypt } from '~/auth/secrets.server';
import type { BackupSchedule } from '~/generated/prisma/client';
import {
  backupScheduleForm,
  latestSlot,
  nextSlot,
  type BackupFrequency,
  type BackupScheduleInput,
} from '~/lib/backup-schedule';
import { AppError } from '~/lib/errors';
import { audit } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';
import { taskQueue } from '~/models/tasks/tasks.server';
import { assertPassphrase } from './secret-box.server';
import type { BackupTaskDetails } from './task.server';

/**
 * The backup schedule (issue 32, decision 0032 "Schedule"): one row saying when, where and how
 * many to keep. The task worker asks `enqueueDueBackup` now and then; the first replica to move the
 * row's `lastSlot` to a run time makes that run's task, in the same transaction, so a run time gets
 * one task whatever the number of replicas. The task runs as any other (task.server.ts).
 */

const ID = 1;

/** The schedule as Admin → Backups shows it: never the passphrase, only whether one is saved. */
export interface BackupScheduleView {
  enabled: boolean;
  frequency: BackupFrequency;
  weekday: number;
  time: string;
  timeZone: string;
  keep: number;
  storageConfigId: string | null;
  folder: string;
  hasPassphrase: boolean;
  /** The next run, while enabled. */
  next: Date | null;
  last: {
    status: string;
    at: Date | null;
    name: string | null;
    size: number | null;
    error: string | null;
    taskId: string | null;
  } | null;
}

const DEFAULTS = {
  enabled: false,
  frequency: 'daily',
  weekday: 0,
  time: '03:00',
  timeZone: 'UTC',
  keep: 7,
  folder: '',
};

function toView(row: BackupSchedule | null, now = new Date()): BackupScheduleView {
  const s = row ?? { ...DEFAULTS, storageConfigId: null, passphraseEnc: null, lastStatus: null };
  const times = { frequency: s.frequency as BackupFrequency, weekday: s.weekday, time: s.time, timeZone: s.timeZone };
  return {
    ...times,
    enabled: s.enabled,
    keep: s.keep,
    storageConfigId: s.storageConfigId,
    folder: s.folder,
    hasPassphrase: Boolean(s.passphraseEnc),
    next: s.enabled ? nextSlot(times, now) : null,
    last:
      row?.lastStatus != null
        ? {
            status: row.lastStatus,
            at: row.lastAt,
            name: row.lastName,
            size: row.lastSize === null ? null : Number(row.lastSize),
            error: row.lastError,
            taskId: row.lastTaskId,
          }
        : null,
  };
}

export async function getBackupSchedule(ctx: ModelContext, principal: Principal): Promise<BackupScheduleView> {
  authorize(principal, 'admin.backups');
  return toView(await ctx.db.backupSchedule.findUnique({ where: { id: ID } }));
}

/**
 * Saves the schedule from its form. The passphrase is sealed by the app's key (the scheduled run
 * must read it back; a backup holds the key sealed by the passphrase, never the other way round);
 * left empty, the saved one stays. An enabled schedule needs one.
 */
export async function saveBackupSchedule(
  ctx: ModelContext,
  principal: Principal,
  input: BackupScheduleInput,
): Promise<BackupScheduleView> {
  authorize(principal, 'admin.backups');
  const fields = backupScheduleForm.parse(input);
  const config = await ctx.db.storageConfig.findUnique({ where: { id: fields.storage_config_id } });
  if (!config) throw new AppError('invalid', 'backupStorageRequired');
  if (fields.passphrase !== undefined) assertPassphrase(fields.passphrase);
  const existing = await ctx.db.backupSchedule.findUnique({ where: { id: ID } });
  const passphraseEnc = fields.passphrase ? encrypt(ctx.masterKey, fields.passphrase) : existing?.passphraseEnc;
  if (fields.enabled && !passphraseEnc) throw new AppError('invalid', 'backupPassphrase');
  const data = {
    enabled: fields.enabled,
    frequency: fields.frequency,
    weekday: fields.weekday,
    time: fields.time,
    timeZone: fields.time_zone,
    keep: fields.keep,
    storageConfigId: config.id,
    folder: fields.folder,
    passphraseEnc: passphraseEnc ?? null,
    savedAt: new Date(),
  };
  const row = await ctx.db.backupSchedule.upsert({ where: { id: ID }, create: { id: ID, ...data }, update: data });
  const when = fields.enabled ? `${fields.frequency} ${fields.time} ${fields.time_zone}` : 'off';
  audit(ctx, principal, { action: 'backup.schedule', target: `${config.name}/${fields.folder}`, detail: when });
  return toView(row);
}

/** The saved passphrase, for a run; a schedule without one cannot run. */
export async function schedulePassphrase(ctx: ModelContext): Promise<string> {
  const row = await ctx.db.backupSchedule.findUnique({ where: { id: ID } });
  if (!row?.passphraseEnc) throw new AppError('invalid', 'backupPassphrase');
  return decrypt(ctx.masterKey, row.passphraseEnc);
}

const backupTask = (trigger: BackupTaskDetails['backup']['trigger'], createdBy: string | null) => ({
  id: randomUUID(),
  type: 'backup',
  status: 'pending',
  details: JSON.stringify({ backup: { trigger }, interruptions: 0 } satisfies BackupTaskDetails),
  createdBy,
});

/** "Back up now" on Admin → Backups: a task like a scheduled run, unless one is waiting or running. */
export async function runBackupNow(ctx: ModelContext, principal: Principal): Promise<string> {
  authorize(principal, 'admin.backups');
  const row = await ctx.db.backupSchedule.findUnique({ where: { id: ID } });
  if (!row?.storageConfigId) throw new AppError('invalid', 'backupStorageRequired');
  if (!row.passphraseEnc) throw new AppError('invalid', 'backupPassphrase');
  if (await ctx.db.task.count({ where: { type: 'backup', status: { in: ['pending', 'running'] } } }))
    throw new AppError('conflict', 'backupAlreadyRunning');
  const task = await ctx.db.task.create({ data: backupTask('manual', creatorId(principal)) });
  taskQueue.emit('queued');
  const config = await ctx.db.storageConfig.findUnique({ where: { id: row.storageConfigId } });
  audit(ctx, principal, { action: 'backup.run', target: `${config?.name ?? row.storageConfigId}/${row.folder}` });
  return task.id;
}

/**
 * Makes the task of the latest run time, once: when it is past, after the schedule was saved (a
 * schedule saved at noon for 03:00 first runs tomorrow), and later than the last run time a task
 * was made for. A server that was down at the time makes it when it is back (once, however many
 * were missed). The row moves only if `lastSlot` is still what was read: one replica wins.
 */
export async function enqueueDueBackup(ctx: ModelContext, now = new Date()): Promise<string | null> {
  const row = await ctx.db.backupSchedule.findUnique({ where: { id: ID } });
  if (!row?.enabled) return null;
  const slot = latestSlot(
    { frequency: row.frequency as BackupFrequency, weekday: row.weekday, time: row.time, timeZone: row.timeZone },
    now,
  );
  const since = row.lastSlot && row.lastSlot > row.savedAt ? row.lastSlot : row.savedAt;
  if (slot <= since) return null;
  const id = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.backupSchedule.updateMany({
      where: { id: ID, lastSlot: row.lastSlot, savedAt: row.savedAt },
      data: { lastSlot: slot },
    });
    if (count === 0) return null;
    return (await tx.task.create({ data: backupTask('schedule', null) })).id;
  });
  if (id) taskQueue.emit('queued');
  return id;
}

/** A run's result, for the page and the dashboard (kept when the task list is cleared). */
export async function recordBackupResult(
  ctx: ModelContext,
  taskId: string,
  result: { status: 'completed' | 'failed'; name?: string; size?: number; error?: string },
): Promise<void> {
  await ctx.db.backupSchedule.updateMany({
    where: { id: ID },
    data: {
      lastTaskId: taskId,
      lastStatus: result.status,
      lastAt: new Date(),
      lastName: result.name ?? null,
      lastSize: result.size ?? null,
      lastError: result.error ?? null,
    },
  });
}
