/**
 * The search index of mounted storage (docs/architecture.md §9): what it answers, and the logic both
 * dialects share. Every SQL statement on `fs_index_entries` (and SQLite's trigram name table) and
 * `fs_index_runs` lives in the two implementations, search-index-sqlite.server.ts (FTS5 trigram, on
 * the plain better-sqlite3 connection) and search-index-postgres.server.ts (a pg_trgm index). It
 * knows mounts by id and entries by object key; who may see what is decided by
 * models/fs/search/search.server.ts. A rescan writes thousands of rows, in transactions of INDEX_BATCH rows
 * so the event loop keeps turning.
 */
export interface IndexedEntry {
  /** Object key under the mount root, without a trailing "/" for folders. */
  key: string;
  isDir: boolean;
  size: number;
  modified: Date | null;
  etag: string | null;
}

export interface IndexHit extends IndexedEntry {
  mountId: string;
  name: string;
}

/** Where a search may look: a mount, and inside it the key prefix ("" for all of it, else "a/b/"). */
export interface SearchScope {
  mountId: string;
  prefix: string;
}

export interface IndexRun {
  mountId: string;
  runId: string;
  status: 'running' | 'completed' | 'failed';
  entries: number;
  error: string | null;
  startedAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** Rows written per transaction (about 10 ms here). */
export const INDEX_BATCH = 500;

export const parentOf = (key: string) => (key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '');
export const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
/** Keys strictly inside folder `key` are those in [key + "/", key + "0"): "0" follows "/" in binary order. */
export const below = (key: string) => [`${key}/`, `${key}0`] as const;
/** SQL LIKE pattern for a literal substring (with ESCAPE '\'). */
export const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** SQL substr() counts characters, not UTF-16 units: where a moved key's remainder starts. */
export const afterPrefix = (prefix: string) => [...prefix].length + 1;

/** An entry row as either database returns it (SQLite has 0/1 and text times, PostgreSQL booleans and dates). */
export interface Row {
  mount_id: string;
  path: string;
  name: string;
  is_dir: number | boolean;
  size: number | bigint;
  modified: string | Date | null;
  etag: string | null;
}

export const toHit = (r: Row): IndexHit => ({
  mountId: r.mount_id,
  key: r.path,
  name: r.name,
  isDir: r.is_dir === 1 || r.is_dir === true,
  size: Number(r.size),
  modified: r.modified ? new Date(r.modified) : null,
  etag: r.etag,
});

/**
 * Of a folder's listed entries, those new or changed against the rows the index holds for its
 * children — the only ones worth writing, so listing a folder that did not change costs one read.
 */
export function changedEntries(known: Map<string, Row>, entries: IndexedEntry[]): IndexedEntry[] {
  return entries.filter((e) => {
    const row = known.get(e.key);
    if (!row || toHit(row).isDir !== e.isDir) return true;
    if (e.isDir) return false;
    // The same content (ETag and size) is the same entry: a write-through entry's time (when the
    // app wrote it) differs from the storage's by milliseconds, and rewriting it would reorder
    // "newest first" under a search being paged.
    if (e.etag && row.etag === e.etag && Number(row.size) === e.size) return false;
    const modified = row.modified ? new Date(row.modified).getTime() : null;
    return Number(row.size) !== e.size || row.etag !== e.etag || modified !== (e.modified?.getTime() ?? null);
  });
}

/** A run row as either database returns it. */
export interface RunRow {
  mount_id: string;
  run_id: string;
  status: IndexRun['status'];
  entries: number;
  error: string | null;
  started_at: string | Date;
  updated_at: string | Date;
  finished_at: string | Date | null;
}

export const toRun = (r: RunRow): IndexRun => ({
  mountId: r.mount_id,
  runId: r.run_id,
  status: r.status,
  entries: r.entries,
  error: r.error,
  startedAt: new Date(r.started_at),
  updatedAt: new Date(r.updated_at),
  finishedAt: r.finished_at ? new Date(r.finished_at) : null,
});

/** The ranking of search(): exact name, then names that start with the query, then newest first. */
export const rankParams = (query: string) => {
  const lower = query.toLowerCase();
  return [lower, [...lower].length, lower] as const;
};

export interface SearchIndex {
  /**
   * Adds or updates entries. A rescan passes its run id to mark them seen; any other write is
   * stamped with the mount's running rescan, if any, so the rescan's sweep keeps it.
   */
  put(mountId: string, entries: IndexedEntry[], runId?: string | null): Promise<void>;
  /** Drops an entry and, for a folder, everything under it. */
  remove(mountId: string, key: string): Promise<void>;
  /** Drops every entry of a mount (a rebuild starts from nothing). */
  clear(mountId: string): Promise<void>;
  /** Forgets a mount: its entries and its last rescan (the periodic rescan then starts it afresh). */
  forget(mountId: string): Promise<void>;
  /** A rename within one mount: the entry and everything under it move to `to` (the old paths go). */
  move(mountId: string, from: string, to: string): Promise<void>;
  /**
   * Makes the index agree with a folder just listed from storage: its children are exactly
   * `entries` (a child folder gone from storage takes its whole subtree with it).
   */
  reconcile(mountId: string, folderKey: string, entries: IndexedEntry[]): Promise<void>;
  /**
   * The first half of `reconcile`: drops the children of a folder that its listing no longer
   * holds, and answers the listed entries that are new or changed (changedEntries).
   */
  dropGoneChildren(mountId: string, folderKey: string, entries: IndexedEntry[]): Promise<IndexedEntry[]>;
  /**
   * Names containing `query` (case-insensitive) within `scopes`, ranked exact name, then names
   * that start with it, then newest first.
   */
  search(
    query: string,
    scopes: SearchScope[],
    limit: number,
    offset: number,
  ): Promise<{ hits: IndexHit[]; total: number }>;
  /**
   * Bytes of the files under each folder (keys without the trailing "/"), as far as the index knows
   * them: docs/product/api.md §3.10 gives folders in fs/list their recursive size.
   */
  folderSizes(mountId: string, folderKeys: string[]): Promise<Map<string, number>>;
  /** Entries per mount. */
  counts(): Promise<Map<string, number>>;
  /**
   * Starts a rescan of a mount unless one is running (on any process: the row is the lock). A run
   * that has not moved for `staleAfterMs` is taken over (its process died).
   */
  beginRun(mountId: string, runId: string, staleAfterMs: number): Promise<boolean>;
  /** Progress of a running rescan (entries seen so far); false when another run took over. */
  progressRun(mountId: string, runId: string, entries: number): Promise<boolean>;
  /** Ends a rescan: on success, entries it did not see are swept. */
  endRun(mountId: string, runId: string, outcome: { entries: number } | { error: string }): Promise<void>;
  runs(): Promise<IndexRun[]>;
}
