import type { Db } from '~/db/client.server';
import type { StorageRegistry } from '~/storage/registry.server';
import { reapStaleUploads } from './direct-uploads.server';
import { deleteExpiredFiles } from './files.server';
import { deleteExpiredPastes } from './pastes.server';
import { deleteExpiredSessions } from './sessions.server';
import { pruneGone } from './gone-shares.server';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

interface SweepDeps {
  db: Db;
  storage: StorageRegistry;
}

/**
 * Deletes expired shares (with their objects) and sessions now and then (expiry is also enforced
 * on every access), and is the janitor of browser uploads that were never finished.
 */
export async function sweepOnce(
  deps: SweepDeps,
): Promise<{ pastes: number; files: number; sessions: number; uploads: number }> {
  const pastes = await deleteExpiredPastes(deps.db);
  const files = await deleteExpiredFiles(deps);
  const sessions = await deleteExpiredSessions(deps.db);
  const uploads = await reapStaleUploads(deps);
  await pruneGone(deps.db);
  return { pastes, files, sessions, uploads };
}

/** Runs the sweeper now and then until stopped; never keeps the process alive on its own. */
export function startSweeper(deps: SweepDeps, intervalMs = SWEEP_INTERVAL_MS): { stop: () => void } {
  const sweep = () => sweepOnce(deps).catch((error) => console.error('Sweeper failed:', error));
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
