import type { ModelContext } from '~/models/context.server';
import { isFinderMetadata } from './locate.server';
import { indexMove, indexRemove, indexWritten } from './search/indexing.server';

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

/**
 * The bookkeeping every write path does once storage has the change (fs API, WebDAV, browser
 * uploads, copies): the mount's cached listings go, and the search index follows
 * (docs/architecture.md §9). Finder's own files are stored but never indexed, as a listing leaves
 * them out of it; an unsettled write leaves the index to the next listing or rescan.
 */
export async function afterWrite(ctx: ModelContext, at: { mount: { id: string } }, change: WriteChange) {
  const mountId = at.mount.id;
  ctx.dirCache.invalidateMount(mountId);
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
