import type { Db } from '~/db/client.server';
import { deleteExpiredPastes } from './pastes.server';
import { deleteExpiredSessions } from './sessions.server';
import { pruneGone } from './gone-shares.server';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** Deletes expired shares and sessions now and then; expiry is also enforced on every access. */
export async function sweepOnce(db: Db): Promise<{ pastes: number; sessions: number }> {
  const pastes = await deleteExpiredPastes(db);
  const sessions = await deleteExpiredSessions(db);
  await pruneGone(db);
  return { pastes, sessions };
}

export function startSweeper(db: Db, intervalMs = SWEEP_INTERVAL_MS): NodeJS.Timeout {
  const timer = setInterval(() => {
    sweepOnce(db).catch((error) => console.error('Sweeper failed:', error));
  }, intervalMs);
  // Never keep the process alive just for the sweeper.
  timer.unref();
  return timer;
}
