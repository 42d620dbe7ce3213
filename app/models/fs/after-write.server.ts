import type { ModelContext } from '~/models/context.server';
import { audit } from '~/models/audit/record.server';
import type { InMount } from './types';
import { isFinderMetadata } from './locate.server';
import { indexMove, indexRemove, indexWritten } from './search/indexing.server';
import { removeFsThumbnails } from '~/models/thumbnails/cache.server';

/**
 * What one write did to a mount. `written` is a file (with what storage says of it) or a folder
 * (without); `unsettled` is a write that failed part-way and may have changed anything.
 */
export type WriteChange =
  | { kind: 'written'; key: string; file?: { size: number; etag: string | null; modified?: Date | null } }
  | { kind: 'removed'; key: string }
  | { kind: 'moved'; from: string; to: string }
  | { kind: 'unsettled' };

const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

type Written = Pick<InMount, 'mount' | 'principal'>;

/**
 * The bookkeeping every write path does once storage has the change (fs API, WebDAV, browser
 * uploads, copies): the mount's cached listings go, the search index follows (docs/architecture.md
 * §9), and the thumbnails of what changed go (made again when asked for). Finder's own files are
 * stored but never indexed, as a listing leaves them out of it; an unsettled write leaves the index
 * to the next listing or rescan.
 */
export async function afterWrite(ctx: ModelContext, at: Written, change: WriteChange) {
  const mountId = at.mount.id;
  ctx.dirCache.invalidateMount(mountId);
  auditWrite(ctx, at, change);
  const stale = change.kind === 'moved' ? change.from : change.kind === 'unsettled' ? null : change.key;
  if (stale !== null) await removeFsThumbnails(ctx.config.dataDir, mountId, stale);
  switch (change.kind) {
    case 'written':
      if (!isFinderMetadata(nameOf(change.key))) await indexWritten(ctx, mountId, change.key, change.file);
      return;
    case 'removed':
      await indexRemove(ctx, mountId, change.key);
      return;
    case 'moved':
      await indexMove(ctx, mountId, change.from, change.to);
      return;
    case 'unsettled':
      return;
  }
}

/** The virtual path of a key in a mount. */
const pathOf = (at: Written, key: string) => `${at.mount.mountPath.replace(/\/$/, '')}/${key}`;

/**
 * Every write to mounted storage, by any door or task, is one audit event (decision 0033); Finder's
 * bookkeeping files are left out of it as they are of the index. A write that failed part-way is
 * not recorded as done.
 */
function auditWrite(ctx: ModelContext, at: Written, change: WriteChange): void {
  if (change.kind === 'unsettled') return;
  if (change.kind === 'moved') {
    audit(ctx, at.principal, { action: 'fs.move', target: `${pathOf(at, change.from)} → ${pathOf(at, change.to)}` });
    return;
  }
  if (isFinderMetadata(nameOf(change.key))) return;
  if (change.kind === 'removed') audit(ctx, at.principal, { action: 'fs.delete', target: pathOf(at, change.key) });
  else {
    const detail = change.file ? `${change.file.size} B` : 'folder';
    audit(ctx, at.principal, { action: 'fs.write', target: pathOf(at, change.key), detail });
  }
}
