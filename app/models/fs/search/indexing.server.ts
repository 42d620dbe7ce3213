import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ModelContext } from '~/models/context.server';
import type { StorageDriver } from '~/storage/types';
import { INDEX_BATCH, type IndexedEntry } from '~/storage/vfs/search-index.server';
import { walkTree } from '../walk.server';

/**
 * Keeping the search index fresh (docs/architecture.md §9), three ways: every models/fs write
 * tells it what changed (write-through), a folder listed from storage is reconciled with it, and
 * each mount is rescanned now and then (mark and sweep), or when an admin asks.
 *
 * The index is a convenience: a write that succeeded in storage never fails because the index could
 * not follow (a busy database, say); the next listing or rescan repairs it.
 */
async function quietly<T>(ctx: ModelContext, what: string, change: () => Promise<T>): Promise<T | undefined> {
  try {
    return await change();
  } catch (error) {
    ctx.log.warn({ err: error }, `Search index: could not ${what}`);
    return undefined;
  }
}

export const indexPut = (ctx: ModelContext, mountId: string, entries: IndexedEntry[]) =>
  quietly(ctx, 'add entries', () => ctx.searchIndex.put(mountId, entries));

export const indexRemove = (ctx: ModelContext, mountId: string, key: string) =>
  quietly(ctx, 'remove an entry', () => ctx.searchIndex.remove(mountId, key));

export const indexMove = (ctx: ModelContext, mountId: string, from: string, to: string) =>
  quietly(ctx, 'move an entry', () => ctx.searchIndex.move(mountId, from, to));

/**
 * A folder just listed from storage: the index drops what is gone at once and writes what is new or
 * changed a batch at a time, letting other requests run in between (the first listing of a folder
 * of 10,000 files writes 10,000 rows, about 150 ms here; a listing of an unchanged folder writes none).
 * Past the first batch the writes wait until the listing has most likely been answered: written
 * while a 10,000-entry WebDAV listing streamed, they made it 140 ms slower (bench/webdav.bench.mjs).
 */
export async function indexReconcile(
  ctx: ModelContext,
  mountId: string,
  folderKey: string,
  entries: IndexedEntry[],
): Promise<void> {
  const changed =
    (await quietly(ctx, 'reconcile a folder', () => ctx.searchIndex.dropGoneChildren(mountId, folderKey, entries))) ??
    [];
  const write = (from: number) =>
    quietly(ctx, 'reconcile a folder', () => ctx.searchIndex.put(mountId, changed.slice(from, from + INDEX_BATCH)));
  // The first batch before the listing answers (a small folder is searchable at once), the rest after it.
  await write(0);
  if (changed.length <= INDEX_BATCH) return;
  setTimeout(async () => {
    for (let from = INDEX_BATCH; from < changed.length; from += INDEX_BATCH) {
      await write(from);
      await nextTurn();
    }
  }, AFTER_LISTING_MS);
}

/** How long the rest of a big folder's index writes wait for its listing to be answered. */
const AFTER_LISTING_MS = 1000;

/** A folder as the index holds it (its key without the trailing "/"). */
export const folderEntry = (key: string): IndexedEntry => ({ key, isDir: true, size: 0, modified: null, etag: null });

/** The folders above a key ("a/b/c" → "a", "a/b"). */
const ancestors = (key: string) =>
  key
    .split('/')
    .slice(0, -1)
    .map((_, i, parts) => parts.slice(0, i + 1).join('/'));

/** A file or folder just written, with the folders above it (a write can make them). */
export function indexWritten(
  ctx: ModelContext,
  mountId: string,
  key: string,
  file?: { size: number; etag: string | null; modified?: Date | null },
): Promise<unknown> {
  const entry = file
    ? { key, isDir: false, size: file.size, modified: file.modified ?? new Date(), etag: file.etag }
    : folderEntry(key);
  return indexPut(ctx, mountId, [...ancestors(key).map(folderEntry), entry]);
}

/** A rescan that has not moved for this long belongs to a process that died: another may take over. */
const STALE_RUN_MS = 5 * 60 * 1000;

/**
 * Walks a whole mount, folder by folder (one listing page in memory at a time), marking every entry
 * it sees with a new run id, then sweeps the entries it did not see. Answers false when a rescan of
 * this mount is already running (here or on another replica).
 */
export async function rescanMount(ctx: ModelContext, mountId: string, driver: StorageDriver): Promise<boolean> {
  const runId = randomUUID();
  if (!(await ctx.searchIndex.beginRun(mountId, runId, STALE_RUN_MS))) return false;
  let seen = 0;
  try {
    for await (const page of walkTree(driver, '')) {
      const entries: IndexedEntry[] = [
        ...page.folders.map((f) => folderEntry(f.slice(0, -1))),
        ...page.objects.map((o) => ({
          key: o.key,
          isDir: false,
          size: o.size,
          modified: o.lastModified,
          etag: o.etag,
        })),
      ];
      await ctx.searchIndex.put(mountId, entries, runId);
      seen += entries.length;
      // Another process took the run over (this one looked dead): leave the mount to it.
      if (!(await ctx.searchIndex.progressRun(mountId, runId, seen))) return true;
    }
    await ctx.searchIndex.endRun(mountId, runId, { entries: seen });
  } catch (error) {
    await quietly(ctx, 'record a failed rescan', () =>
      ctx.searchIndex.endRun(mountId, runId, { error: error instanceof Error ? error.message : String(error) }),
    );
  }
  return true;
}
