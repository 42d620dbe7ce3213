import { setImmediate as nextTurn } from 'node:timers/promises';
import { reapStaleUploads } from '~/models/shares/create/direct-uploads.server';
import { deleteExpiredFiles } from '~/models/shares/remove.server';
import { moveShareObjectsIntoReservedPrefix } from '~/models/shares/share-objects.server';
import { deleteExpiredPastes } from '~/models/pastes/pastes.server';
import { deleteExpiredSessions } from '~/models/accounts/sessions.server';
import { pruneGone } from '~/models/gone.server';
import type { ModelContext } from '~/models/context.server';
import { sweepLocalTemp } from '~/models/storage/temp.server';
import { pruneFsUploads, reapFsPresigns } from '~/models/fs/direct.server';
import { pruneS3Uploads } from '~/models/fs/s3/multipart.server';
import { pruneTusUploads } from '~/models/tus/uploads.server';
import { sweepBin } from '~/models/fs/bin/manage.server';
import { sweepKeptObjects } from '~/models/shares/manage/kept-objects.server';
import { repeatEvery } from './periodic.server';
import { pruneAuditEvents } from '~/models/audit/events.server';
import { pruneQuotaCharges } from '~/models/quotas/quotas.server';
import { pruneShareStats } from '~/models/stats/stats.server';
import { pruneRateLimitHits } from '~/auth/shared-limiter.server';
import { reapStaleRequestUploads } from '~/models/requests/parts.server';
import { reapStaleArrivals } from '~/models/requests/reserve.server';
import { sweepBackupLeftovers } from '~/models/backup/download.server';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * A step of the sweep, after a turn of the event loop. On SQLite, Prisma's queries resolve without
 * one, so the steps ran back to back in one go: the first sweep after start held every request
 * 100 ms at a million pastes (bench/scale.bench.mjs' data, 2026-12-02), now the longest step does.
 */
async function step<A extends unknown[], T>(run: (...args: A) => Promise<T>, ...args: A): Promise<T> {
  await nextTurn();
  return run(...args);
}

/**
 * Deletes expired shares (with their objects) and sessions now and then (expiry is also enforced
 * on every access), and is the janitor of browser uploads that were never finished and of temp
 * files a killed process left behind. It also moves share objects stored before the reserved
 * prefix into it (a batch per sweep; the first sweep runs soon after start).
 */
export async function sweepOnce(ctx: ModelContext): Promise<{
  pastes: number;
  files: number;
  sessions: number;
  uploads: number;
  tempFiles: number;
  sharesMoved: number;
}> {
  const pastes = await step(deleteExpiredPastes, ctx);
  const files = await step(deleteExpiredFiles, ctx);
  const sessions = await step(deleteExpiredSessions, ctx);
  const uploads = await step(reapStaleUploads, ctx);
  await step(pruneGone, ctx);
  await step(pruneAuditEvents, ctx);
  await step(pruneQuotaCharges, ctx);
  await step(pruneShareStats, ctx);
  await step(pruneRateLimitHits, ctx.db);
  await step(pruneFsUploads, ctx);
  await step(reapFsPresigns, ctx);
  await step(pruneS3Uploads, ctx);
  await step(pruneTusUploads, ctx);
  await step(reapStaleArrivals, ctx);
  await step(reapStaleRequestUploads, ctx);
  const tempFiles = (await step(sweepLocalTemp, ctx)) + (await step(sweepBackupLeftovers, ctx));
  await step(sweepBin, ctx);
  await step(sweepKeptObjects, ctx);
  const sharesMoved = await step(moveShareObjectsIntoReservedPrefix, ctx);
  return { pastes, files, sessions, uploads, tempFiles, sharesMoved };
}

/** Runs the sweeper now and then until stopped; never keeps the process alive on its own. */
export function startSweeper(ctx: ModelContext, intervalMs = SWEEP_INTERVAL_MS): { stop: () => void } {
  const sweep = () => sweepOnce(ctx).catch((error) => ctx.log.error({ err: error }, 'Sweeper failed'));
  // A first sweep soon after start: uploads a killed process left unfinished are cleaned up early.
  return repeatEvery(sweep, 5000, intervalMs);
}
