import type { ModelContext } from '~/models/context.server';
import type { InMount } from './types';

/**
 * A file or folder of mounted storage that moved through Cloudclip (a rename, a move task, a
 * WebDAV MOVE): where it is in storage before and after, and its virtual path now. Keys are the
 * storage's own (the mount's root folder included); a folder's key has no trailing slash.
 */
export interface StorageMove {
  from: { configId: string; key: string };
  to: { configId: string; key: string; path: string };
}

type MoveFollower = (ctx: ModelContext, move: StorageMove) => Promise<void>;

/**
 * Who follows moves: the domains above fs that point at mounted files (shares, issue 42 item 6)
 * register here (app/models/wiring.server.ts), so fs announces a move without knowing who listens
 * (docs/architecture.md §1, the order of the domains).
 */
const followers = new Set<MoveFollower>();

export function followMoves(follower: MoveFollower): void {
  followers.add(follower);
}

/** The storage key of a mount's key, and its virtual path. */
const placeOf = (at: InMount, key: string) => ({
  configId: at.configId,
  key: at.mount.rootFolder + key,
  path: `${at.mount.mountPath.replace(/\/$/, '')}/${key}`,
});

/** Tells the followers that `fromKey` of `source` is now `toKey` of `target` (the same mount or another). */
export async function announceMove(
  ctx: ModelContext,
  source: InMount,
  fromKey: string,
  target: InMount,
  toKey: string,
) {
  const { configId, key } = placeOf(source, fromKey);
  const move = { from: { configId, key }, to: placeOf(target, toKey) };
  for (const follower of followers) {
    // The move is done: a follower that fails is logged, never undoes it.
    await follower(ctx, move).catch((error) => ctx.log.error({ err: error, move }, 'A follower of a move failed'));
  }
}
