import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Task } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { failureOf } from '~/models/fs/failure.server';
import { claimTarget } from '~/models/tasks/claims.server';
import type { TaskKind, TaskRecord, TaskStatus } from '~/models/tasks/kinds.server';
import type { BackupProgress } from './backup.server';
import { enqueueDueBackup, recordBackupResult, schedulePassphrase } from './schedule.server';
import { BACKUPS_PREFIX, backupPlace, pruneBackups } from './stored.server';
import { writeBackupTo } from './to-storage.server';

/**
 * A backup task (decision 0032 "Schedule"): run by the task worker (models/tasks/worker.server.ts)
 * for the schedule or "Back up now". It makes the backup in a work folder of the data folder,
 * writes it to the schedule's storage and folder, then keeps the newest N. One runs at a time over
 * all replicas: the claim on "backup" (claims.server.ts), which a task of a killed server loses.
 */

export type BackupTaskPhase = BackupProgress['phase'] | 'upload' | 'prune';

/** What a backup task keeps in `details` (JSON). */
export interface BackupTaskDetails {
  backup: {
    trigger: 'schedule' | 'manual';
    storage?: string;
    folder?: string;
    phase?: BackupTaskPhase;
    /** Bytes of the archive written so far. */
    written?: number;
    name?: string;
    size?: number;
    pruned?: number;
  };
  /** Runs cut off by a stopped server (the worker's count; past its limit the task fails). */
  interruptions: number;
  error?: string;
}

/** Where a run works: emptied when one starts (one runs at a time), removed when it ends. */
const WORK_FOLDER = '.backup-scheduled';
const HEARTBEAT_MS = 1000;
const CLAIM = 'backup';

export async function runBackupTask(ctx: ModelContext, task: Task, signal: AbortSignal): Promise<void> {
  let release: () => Promise<void>;
  try {
    release = await claimTarget(ctx, task.id, CLAIM);
  } catch (error) {
    if (!(error instanceof AppError && error.messageKey === 'copyTargetTaken')) throw error;
    // Another replica's backup runs: this one waits its turn (the worker claims no backup meanwhile).
    await ctx.db.task.updateMany({ where: { id: task.id, status: 'running' }, data: { status: 'pending' } });
    return;
  }
  const details = JSON.parse(task.details ?? '{}') as BackupTaskDetails;
  details.error = undefined;
  // The row stops the run when it is no longer running here (cancelled, or taken over).
  const cancelled = new AbortController();
  const stop = AbortSignal.any([signal, cancelled.signal]);
  const write = async (data: { status?: string; progress?: number; finishedAt?: Date }) => {
    const { count } = await ctx.db.task.updateMany({
      where: { id: task.id, status: 'running' },
      data: {
        ...data,
        currentFile: data.status ? null : (details.backup.phase ?? null),
        details: JSON.stringify(details),
        updatedAt: new Date(),
      },
    });
    if (count === 0) cancelled.abort();
  };
  const heartbeat = setInterval(() => {
    write({}).catch((error) => ctx.log.warn({ err: error }, `Backup task ${task.id}: could not write its progress`));
  }, HEARTBEAT_MS);
  const work = path.join(ctx.config.dataDir, WORK_FOLDER);
  try {
    const place = await backupPlace(ctx);
    if (!place) throw new AppError('invalid', 'backupStorageRequired');
    const passphrase = await schedulePassphrase(ctx);
    details.backup.storage = place.config.name;
    details.backup.folder = place.prefix.slice(BACKUPS_PREFIX.length);
    await write({});
    // Whatever a killed run left here is no one's now: this task holds the only claim. The folder
    // goes before the task says it has ended.
    await fsp.rm(work, { recursive: true, force: true });
    const { name, size } = await writeBackupTo(ctx, place, {
      passphrase,
      workDir: work,
      signal: stop,
      onProgress: ({ phase, bytes }) => {
        details.backup.phase = phase;
        details.backup.written = bytes;
      },
    }).finally(() => fsp.rm(work, { recursive: true, force: true }));
    Object.assign(details.backup, { name, size, phase: 'prune' });
    details.backup.pruned = await pruneBackups(place, place.keep);
    details.backup.phase = undefined;
    await write({ status: 'completed', progress: 100, finishedAt: new Date() });
    await recordBackupResult(ctx, task.id, { status: 'completed', name, size });
  } catch (error) {
    // A stopping server hands the task back (the worker), a cancelled one stays cancelled.
    if (stop.aborted) return;
    details.error = failureOf(error);
    ctx.log.warn({ err: error, task: task.id }, 'A backup task failed');
    await write({ status: 'failed', finishedAt: new Date() });
    await recordBackupResult(ctx, task.id, { status: 'failed', error: details.error });
  } finally {
    clearInterval(heartbeat);
    await release();
  }
}

/** A backup task in the task list: its bytes are the archive's, written so far and in all. */
function backupRecord(task: Task): TaskRecord {
  const details = JSON.parse(task.details ?? '{}') as BackupTaskDetails;
  return {
    id: task.id,
    type: 'backup',
    status: task.status as TaskStatus,
    progress: task.progress,
    currentFile: task.currentFile,
    totalCount: 0,
    successCount: 0,
    failureCount: 0,
    bytesTotal: details.backup.size ?? 0,
    bytesDone: details.backup.written ?? 0,
    items: [],
    failed: [],
    error: details.error ?? null,
    createdAt: task.createdAt,
    startedAt: task.startedAt,
    finishedAt: task.finishedAt,
    backup: details.backup,
  };
}

/** How often the worker asks whether a scheduled backup is due (schedule.server.ts). */
const SCHEDULE_CHECK_MS = 30_000;

/**
 * The backup kind of task (registered by app/models/wiring.server.ts): one at a time over every
 * replica, never run again by "retry" (the next one is a new backup), and the schedule's due
 * backups enqueued by the worker.
 */
export const backupTaskKind: TaskKind = {
  run: runBackupTask,
  record: backupRecord,
  exclusive: true,
  due: { everyMs: SCHEDULE_CHECK_MS, enqueue: enqueueDueBackup },
};
