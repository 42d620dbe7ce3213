import { reapStaleUploads } from '~/models/shares/direct-uploads.server';
import { deleteExpiredFiles } from '~/models/shares/files.server';
import { deleteExpiredPastes } from '~/models/pastes/pastes.server';
import { deleteExpiredSessions } from '~/models/accounts/sessions.server';
import { pruneGone } from '~/models/shares/gone.server';
import type { ModelContext } from '~/models/context.server';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes expired shares (with their objects) and sessions now and then (expiry is also enforced
 * on every access), and is the janitor of browser uploads that were never finished.
 */
export async function sweepOnce(
  ctx: ModelContext,
): Promise<{ pastes: number; files: number; sessions: number; uploads: number }> {
  const pastes = await deleteExpiredPastes(ctx);
  const files = await deleteExpiredFiles(ctx);
  const sessions = await deleteExpiredSessions(ctx);
  const uploads = await reapStaleUploads(ctx);
  await pruneGone(ctx);
  return { pastes, files, sessions, uploads };
}

/** Runs the sweeper now and then until stopped; never keeps the process alive on its own. */
export function startSweeper(ctx: ModelContext, intervalMs = SWEEP_INTERVAL_MS): { stop: () => void } {
  const sweep = () => sweepOnce(ctx).catch((error) => console.error('Sweeper failed:', error));
  // A first sweep soon after start: uploads a killed process left unfinished are cleaned up early.
  const first = setTimeout(sweep, 5000).unref();
  const timer = setInterval(sweep, intervalMs).unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
