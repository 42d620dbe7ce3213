import type { Sql } from '~/db/client.server';
import { sqlTime } from '~/db/time';

/**
 * The search index of mounted storage (docs/architecture.md §9): every SQL statement on
 * `fs_index_entries`, its trigram name table and `fs_index_runs` lives in this file, so the
 * Postgres form (pg_trgm) is one more implementation of the same class. It knows mounts by id and
 * entries by object key; who may see what is decided by models/fs/search.server.ts.
 *
 * Prepared statements on the plain connection (docs/decisions/0003-prepared-statement-hot-path.md):
 * a rescan writes thousands of rows, in transactions of INDEX_BATCH rows so the event loop keeps turning.
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

const parentOf = (key: string) => (key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '');
const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
/** Keys strictly inside folder `key` are those in [key + "/", key + "0"): "0" follows "/" in binary order. */
const below = (key: string) => [`${key}/`, `${key}0`] as const;
/** SQL LIKE pattern for a literal substring (with ESCAPE '\'). */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface Row {
  mount_id: string;
  path: string;
  name: string;
  is_dir: number;
  size: number | bigint;
  modified: string | null;
  etag: string | null;
}

const toHit = (r: Row): IndexHit => ({
  mountId: r.mount_id,
  key: r.path,
  name: r.name,
  isDir: r.is_dir === 1,
  size: Number(r.size),
  modified: r.modified ? new Date(r.modified) : null,
  etag: r.etag,
});

export class SearchIndex {
  private readonly upsertRow;
  private readonly deleteOne;
  private readonly deleteBelow;
  private readonly children;
  private readonly runningRun;

  constructor(private readonly sql: Sql) {
    this.upsertRow = sql.prepare(
      `INSERT INTO fs_index_entries (mount_id, path, parent, name, is_dir, size, modified, etag, run_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (mount_id, path) DO UPDATE SET is_dir = excluded.is_dir, size = excluded.size,
         modified = coalesce(excluded.modified, modified), etag = excluded.etag,
         run_id = coalesce(excluded.run_id, run_id)`,
    );
    this.deleteOne = sql.prepare('DELETE FROM fs_index_entries WHERE mount_id = ? AND path = ?');
    this.deleteBelow = sql.prepare('DELETE FROM fs_index_entries WHERE mount_id = ? AND path >= ? AND path < ?');
    this.children = sql.prepare(
      'SELECT path, is_dir, size, modified, etag FROM fs_index_entries WHERE mount_id = ? AND parent = ?',
    );
    this.runningRun = sql.prepare("SELECT run_id FROM fs_index_runs WHERE mount_id = ? AND status = 'running'");
  }

  /**
   * Adds or updates entries. A rescan passes its run id to mark them seen; any other write is
   * stamped with the mount's running rescan, if any, so the rescan's sweep keeps it.
   */
  put(mountId: string, entries: IndexedEntry[], runId: string | null = null): void {
    runId ??= (this.runningRun.get(mountId) as { run_id: string } | undefined)?.run_id ?? null;
    for (let i = 0; i < entries.length; i += INDEX_BATCH) {
      this.sql.transaction(() => {
        for (const e of entries.slice(i, i + INDEX_BATCH))
          this.upsertRow.run(
            mountId,
            e.key,
            parentOf(e.key),
            nameOf(e.key),
            e.isDir ? 1 : 0,
            e.size,
            e.modified ? sqlTime(e.modified) : null,
            e.etag,
            runId,
          );
      })();
    }
  }

  /** An entry and, for a folder, everything under it (inside the caller's transaction). */
  private dropTree(mountId: string, key: string): void {
    this.deleteOne.run(mountId, key);
    this.deleteBelow.run(mountId, ...below(key));
  }

  /** Drops an entry and, for a folder, everything under it. */
  remove(mountId: string, key: string): void {
    this.sql.transaction(() => this.dropTree(mountId, key))();
  }

  /** Drops every entry of a mount (a rebuild starts from nothing). */
  clear(mountId: string): void {
    this.sql.prepare('DELETE FROM fs_index_entries WHERE mount_id = ?').run(mountId);
  }

  /** Forgets a mount: its entries and its last rescan (the periodic rescan then starts it afresh). */
  forget(mountId: string): void {
    this.sql.transaction(() => {
      this.clear(mountId);
      this.sql.prepare('DELETE FROM fs_index_runs WHERE mount_id = ?').run(mountId);
    })();
  }

  /** A rename within one mount: the entry and everything under it move to `to` (the old paths go). */
  move(mountId: string, from: string, to: string): void {
    const [low, high] = below(from);
    this.sql.transaction(() => {
      this.dropTree(mountId, to);
      this.sql
        .prepare('UPDATE fs_index_entries SET path = ?, parent = ?, name = ? WHERE mount_id = ? AND path = ?')
        .run(to, parentOf(to), nameOf(to), mountId, from);
      this.sql
        .prepare(
          `UPDATE fs_index_entries SET path = ? || substr(path, ?), parent = ? || substr(parent, ?)
           WHERE mount_id = ? AND path >= ? AND path < ?`,
        )
        .run(to, from.length + 1, to, from.length + 1, mountId, low, high);
    })();
  }

  /**
   * Makes the index agree with a folder just listed from storage: its children are exactly
   * `entries` (a child folder gone from storage takes its whole subtree with it).
   */
  reconcile(mountId: string, folderKey: string, entries: IndexedEntry[]): void {
    this.put(mountId, this.dropGoneChildren(mountId, folderKey, entries));
  }

  /**
   * The first half of `reconcile`: drops the children of a folder that its listing no longer
   * holds, and answers the listed entries that are new or changed — the only ones worth writing,
   * so listing a folder that did not change costs one read.
   */
  dropGoneChildren(mountId: string, folderKey: string, entries: IndexedEntry[]): IndexedEntry[] {
    const known = new Map((this.children.all(mountId, folderKey) as Row[]).map((r) => [r.path, r]));
    const listed = new Set(entries.map((e) => e.key));
    this.sql.transaction(() => {
      for (const path of known.keys()) if (!listed.has(path)) this.dropTree(mountId, path);
    })();
    return entries.filter((e) => {
      const row = known.get(e.key);
      if (!row || (row.is_dir === 1) !== e.isDir) return true;
      if (e.isDir) return false;
      // The same content (ETag and size) is the same entry: a write-through entry's time (when the
      // app wrote it) differs from the storage's by milliseconds, and rewriting it would reorder
      // "newest first" under a search being paged.
      if (e.etag && row.etag === e.etag && Number(row.size) === e.size) return false;
      const modified = row.modified ? new Date(row.modified).getTime() : null;
      return Number(row.size) !== e.size || row.etag !== e.etag || modified !== (e.modified?.getTime() ?? null);
    });
  }

  /**
   * Names containing `query` (case-insensitive) within `scopes`, ranked exact name, then names
   * that start with it, then newest first. 3+ characters go through the trigram index; 1–2
   * characters (a Chinese word is often two) scan the names with LIKE.
   */
  search(query: string, scopes: SearchScope[], limit: number, offset: number): { hits: IndexHit[]; total: number } {
    if (scopes.length === 0) return { hits: [], total: 0 };
    const where: string[] = [];
    const params: unknown[] = [];
    if ([...query].length >= 3) {
      where.push('e.id IN (SELECT rowid FROM fs_index_names WHERE fs_index_names MATCH ?)');
      params.push(`"${query.replace(/"/g, '""')}"`);
    } else {
      where.push("e.name LIKE ? ESCAPE '\\'");
      params.push(likeLiteral(query));
    }
    const scopeSql = scopes.map((s) => {
      params.push(s.mountId);
      if (s.prefix === '') return '(e.mount_id = ?)';
      params.push(s.prefix, `${s.prefix.slice(0, -1)}0`);
      return '(e.mount_id = ? AND e.path >= ? AND e.path < ?)';
    });
    where.push(`(${scopeSql.join(' OR ')})`);
    const filter = where.join(' AND ');
    const total = (
      this.sql.prepare(`SELECT count(*) AS n FROM fs_index_entries e WHERE ${filter}`).get(...params) as {
        n: number;
      }
    ).n;
    const lower = query.toLowerCase();
    const rows = this.sql
      .prepare(
        `SELECT e.mount_id, e.path, e.name, e.is_dir, e.size, e.modified, e.etag FROM fs_index_entries e
         WHERE ${filter}
         ORDER BY CASE WHEN lower(e.name) = ? THEN 0 WHEN substr(lower(e.name), 1, ?) = ? THEN 1 ELSE 2 END,
           e.modified DESC, e.path
         LIMIT ? OFFSET ?`,
      )
      .all(...params, lower, lower.length, lower, limit, offset) as Row[];
    return { hits: rows.map(toHit), total };
  }

  /**
   * Bytes of the files under each folder (keys without the trailing "/"), as far as the index knows
   * them: docs/product/api.md §3.10 gives folders in fs/list their recursive size.
   */
  folderSizes(mountId: string, folderKeys: string[]): Map<string, number> {
    const sum = this.sql.prepare(
      'SELECT coalesce(sum(size), 0) AS bytes FROM fs_index_entries WHERE mount_id = ? AND is_dir = 0 AND path >= ? AND path < ?',
    );
    return new Map(
      folderKeys.map((key) => [key, Number((sum.get(mountId, ...below(key)) as { bytes: number | bigint }).bytes)]),
    );
  }

  /** Entries per mount. */
  counts(): Map<string, number> {
    const rows = this.sql.prepare('SELECT mount_id, count(*) AS n FROM fs_index_entries GROUP BY mount_id').all() as {
      mount_id: string;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.mount_id, r.n]));
  }

  /**
   * Starts a rescan of a mount unless one is running (on any process: the row is the lock). A run
   * that has not moved for `staleAfterMs` is taken over (its process died).
   */
  beginRun(mountId: string, runId: string, staleAfterMs: number): boolean {
    const now = new Date();
    const result = this.sql
      .prepare(
        `INSERT INTO fs_index_runs (mount_id, run_id, status, entries, error, started_at, updated_at, finished_at)
         VALUES (?, ?, 'running', 0, NULL, ?, ?, NULL)
         ON CONFLICT (mount_id) DO UPDATE SET run_id = excluded.run_id, status = 'running', entries = 0,
           error = NULL, started_at = excluded.started_at, updated_at = excluded.updated_at, finished_at = NULL
         WHERE status <> 'running' OR updated_at < ?`,
      )
      .run(mountId, runId, sqlTime(now), sqlTime(now), sqlTime(new Date(now.getTime() - staleAfterMs)));
    return result.changes === 1;
  }

  /** Progress of a running rescan (entries seen so far); false when another run took over. */
  progressRun(mountId: string, runId: string, entries: number): boolean {
    return (
      this.sql
        .prepare('UPDATE fs_index_runs SET entries = ?, updated_at = ? WHERE mount_id = ? AND run_id = ?')
        .run(entries, sqlTime(), mountId, runId).changes === 1
    );
  }

  /** Ends a rescan: on success, entries it did not see are swept. */
  endRun(mountId: string, runId: string, outcome: { entries: number } | { error: string }): void {
    this.sql.transaction(() => {
      const ok = 'entries' in outcome;
      const changed = this.sql
        .prepare(
          `UPDATE fs_index_runs SET status = ?, entries = ?, error = ?, updated_at = ?, finished_at = ?
           WHERE mount_id = ? AND run_id = ?`,
        )
        .run(
          ok ? 'completed' : 'failed',
          ok ? outcome.entries : 0,
          ok ? null : outcome.error,
          sqlTime(),
          sqlTime(),
          mountId,
          runId,
        ).changes;
      if (ok && changed === 1)
        this.sql
          .prepare('DELETE FROM fs_index_entries WHERE mount_id = ? AND (run_id IS NULL OR run_id <> ?)')
          .run(mountId, runId);
    })();
  }

  runs(): IndexRun[] {
    const rows = this.sql.prepare('SELECT * FROM fs_index_runs').all() as {
      mount_id: string;
      run_id: string;
      status: IndexRun['status'];
      entries: number;
      error: string | null;
      started_at: string;
      updated_at: string;
      finished_at: string | null;
    }[];
    return rows.map((r) => ({
      mountId: r.mount_id,
      runId: r.run_id,
      status: r.status,
      entries: r.entries,
      error: r.error,
      startedAt: new Date(r.started_at),
      updatedAt: new Date(r.updated_at),
      finishedAt: r.finished_at ? new Date(r.finished_at) : null,
    }));
  }
}
