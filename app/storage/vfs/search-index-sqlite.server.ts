import type { Sql } from '~/db/client.server';
import { sqlTime } from '~/db/time';
import {
  afterPrefix,
  below,
  changedEntries,
  INDEX_BATCH,
  likeLiteral,
  nameOf,
  parentOf,
  rankParams,
  toHit,
  toRun,
  type IndexedEntry,
  type IndexHit,
  type IndexRun,
  type Row,
  type RunRow,
  type SearchIndex,
  type SearchScope,
} from './search-index.server';
import { SqliteRecentSearch } from './search-index-sqlite-recent.server';

/**
 * The search index on SQLite (docs/architecture.md §9): prepared statements on the plain
 * better-sqlite3 connection (docs/decisions/0003-prepared-statement-hot-path.md), names through the
 * FTS5 trigram table `fs_index_names` that triggers keep in step (prisma/migrations/0003). The
 * driver is synchronous, so each method does its work at once; the promises only match the
 * PostgreSQL implementation.
 */
export class SqliteSearchIndex implements SearchIndex {
  private readonly upsertRow;
  private readonly deleteOne;
  private readonly deleteBelow;
  private readonly children;
  private readonly runningRun;
  private readonly recent;

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
    this.recent = new SqliteRecentSearch(sql);
  }

  async put(mountId: string, entries: IndexedEntry[], runId: string | null = null): Promise<void> {
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

  async remove(mountId: string, key: string): Promise<void> {
    this.sql.transaction(() => this.dropTree(mountId, key))();
  }

  async clear(mountId: string): Promise<void> {
    this.sql.prepare('DELETE FROM fs_index_entries WHERE mount_id = ?').run(mountId);
  }

  async forget(mountId: string): Promise<void> {
    this.sql.transaction(() => {
      this.sql.prepare('DELETE FROM fs_index_entries WHERE mount_id = ?').run(mountId);
      this.sql.prepare('DELETE FROM fs_index_runs WHERE mount_id = ?').run(mountId);
    })();
  }

  async move(mountId: string, from: string, to: string): Promise<void> {
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
        .run(to, afterPrefix(from), to, afterPrefix(from), mountId, low, high);
    })();
  }

  async reconcile(mountId: string, folderKey: string, entries: IndexedEntry[]): Promise<void> {
    await this.put(mountId, await this.dropGoneChildren(mountId, folderKey, entries));
  }

  async dropGoneChildren(mountId: string, folderKey: string, entries: IndexedEntry[]): Promise<IndexedEntry[]> {
    const known = new Map((this.children.all(mountId, folderKey) as Row[]).map((r) => [r.path, r]));
    const listed = new Set(entries.map((e) => e.key));
    this.sql.transaction(() => {
      for (const path of known.keys()) if (!listed.has(path)) this.dropTree(mountId, path);
    })();
    return changedEntries(known, entries);
  }

  /** 3+ characters go through the trigram table; 1–2 characters (a Chinese word is often two) scan the names with LIKE. */
  async search(
    query: string,
    scopes: SearchScope[],
    limit: number,
    offset: number,
  ): Promise<{ hits: IndexHit[]; total: number }> {
    if (scopes.length === 0) return { hits: [], total: 0 };
    // Everything indexed is in scope (an admin's search): no row needs its scope checked.
    if (this.recent.covers(scopes)) return this.recent.search(query, limit, offset);
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
    const rows = this.sql
      .prepare(
        `SELECT e.mount_id, e.path, e.name, e.is_dir, e.size, e.modified, e.etag FROM fs_index_entries e
         WHERE ${filter}
         ORDER BY CASE WHEN lower(e.name) = ? THEN 0 WHEN substr(lower(e.name), 1, ?) = ? THEN 1 ELSE 2 END,
           e.modified DESC, e.path
         LIMIT ? OFFSET ?`,
      )
      .all(...params, ...rankParams(query), limit, offset) as Row[];
    return { hits: rows.map(toHit), total };
  }

  async folderSizes(mountId: string, folderKeys: string[]): Promise<Map<string, number>> {
    const sum = this.sql.prepare(
      'SELECT coalesce(sum(size), 0) AS bytes FROM fs_index_entries WHERE mount_id = ? AND is_dir = 0 AND path >= ? AND path < ?',
    );
    return new Map(
      folderKeys.map((key) => [key, Number((sum.get(mountId, ...below(key)) as { bytes: number | bigint }).bytes)]),
    );
  }

  async counts(): Promise<Map<string, number>> {
    const rows = this.sql.prepare('SELECT mount_id, count(*) AS n FROM fs_index_entries GROUP BY mount_id').all() as {
      mount_id: string;
      n: number;
    }[];
    return new Map(rows.map((r) => [r.mount_id, r.n]));
  }

  async beginRun(mountId: string, runId: string, staleAfterMs: number): Promise<boolean> {
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

  async progressRun(mountId: string, runId: string, entries: number): Promise<boolean> {
    return (
      this.sql
        .prepare('UPDATE fs_index_runs SET entries = ?, updated_at = ? WHERE mount_id = ? AND run_id = ?')
        .run(entries, sqlTime(), mountId, runId).changes === 1
    );
  }

  async endRun(mountId: string, runId: string, outcome: { entries: number } | { error: string }): Promise<void> {
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

  async runs(): Promise<IndexRun[]> {
    return (this.sql.prepare('SELECT * FROM fs_index_runs').all() as RunRow[]).map(toRun);
  }
}
