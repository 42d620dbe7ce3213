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
  const pastes = await deleteExpiredPastes(ctx);
  const files = await deleteExpiredFiles(ctx);
  const sessions = await deleteExpiredSessions(ctx);
  const uploads = await reapStaleUploads(ctx);
  await pruneGone(ctx);
  await pruneAuditEvents(ctx);
  await pruneQuotaCharges(ctx);
  await pruneShareStats(ctx);
  await pruneRateLimitHits(ctx.db);
  await pruneFsUploads(ctx);
  await reapFsPresigns(ctx);
  await pruneS3Uploads(ctx);
  await pruneTusUploads(ctx);
  await reapStaleArrivals(ctx);
  await reapStaleRequestUploads(ctx);
  const tempFiles = (await sweepLocalTemp(ctx)) + (await sweepBackupLeftovers(ctx));
  await sweepBin(ctx);
  await sweepKeptObjects(ctx);
  const sharesMoved = await moveShareObjectsIntoReservedPrefix(ctx);
  return { pastes, files, sessions, uploads, tempFiles, sharesMoved };
}

/** Runs the sweeper now and then until stopped; never keeps the process alive on its own. */
export function startSweeper(ctx: ModelContext, intervalMs = SWEEP_INTERVAL_MS): { stop: () => void } {
  const sweep = () => sweepOnce(ctx).catch((error) => ctx.log.error({ err: error }, 'Sweeper failed'));
  // A first sweep soon after start: uploads a killed process left unfinished are cleaned up early.
  return repeatEvery(sweep, 5000, intervalMs);
}
