import type { Db } from '~/db/client.server';
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

/** What both the client and an interactive transaction offer. */
type Runner = Pick<Db, '$executeRawUnsafe' | '$queryRawUnsafe'>;

const UPSERT_COLUMNS = 9;

/**
 * The search index on PostgreSQL (docs/architecture.md §9), through the Prisma client's raw
 * statements: the same tables as on SQLite, names matched with ILIKE, which the pg_trgm GIN index
 * `fs_index_entries_name_trgm_idx` serves from 3 characters on (prisma/migrations-postgres/0003).
 * Paths are `COLLATE "C"`, so a folder's subtree is the same key range as on SQLite. Parameters
 * are cast where PostgreSQL cannot infer them (sizes are bigint, times timestamp(3)).
 */
export class PostgresSearchIndex implements SearchIndex {
  constructor(private readonly db: Db) {}

  async put(mountId: string, entries: IndexedEntry[], runId: string | null = null): Promise<void> {
    runId ??=
      (
        await this.db.$queryRawUnsafe<{ run_id: string }[]>(
          "SELECT run_id FROM fs_index_runs WHERE mount_id = $1 AND status = 'running'",
          mountId,
        )
      )[0]?.run_id ?? null;
    for (let i = 0; i < entries.length; i += INDEX_BATCH) {
      const batch = entries.slice(i, i + INDEX_BATCH);
      const values = batch.map((_, row) => {
        const n = row * UPSERT_COLUMNS;
        return `($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5}::boolean, $${n + 6}::bigint, $${n + 7}::timestamp(3), $${n + 8}, $${n + 9})`;
      });
      const params = batch.flatMap((e) => [
        mountId,
        e.key,
        parentOf(e.key),
        nameOf(e.key),
        e.isDir,
        e.size,
        e.modified,
        e.etag,
        runId,
      ]);
      await this.db.$executeRawUnsafe(
        `INSERT INTO fs_index_entries AS t (mount_id, path, parent, name, is_dir, size, modified, etag, run_id)
         VALUES ${values.join(', ')}
         ON CONFLICT (mount_id, path) DO UPDATE SET is_dir = excluded.is_dir, size = excluded.size,
           modified = coalesce(excluded.modified, t.modified), etag = excluded.etag,
           run_id = coalesce(excluded.run_id, t.run_id)`,
        ...params,
      );
    }
  }

  /** An entry and, for a folder, everything under it. */
  private async dropTree(runner: Runner, mountId: string, key: string): Promise<void> {
    await runner.$executeRawUnsafe(
      'DELETE FROM fs_index_entries WHERE mount_id = $1 AND (path = $2 OR (path >= $3 AND path < $4))',
      mountId,
      key,
      ...below(key),
    );
  }

  async remove(mountId: string, key: string): Promise<void> {
    await this.dropTree(this.db, mountId, key);
  }

  async clear(mountId: string): Promise<void> {
    await this.db.$executeRawUnsafe('DELETE FROM fs_index_entries WHERE mount_id = $1', mountId);
  }

  async forget(mountId: string): Promise<void> {
    await this.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('DELETE FROM fs_index_entries WHERE mount_id = $1', mountId);
      await tx.$executeRawUnsafe('DELETE FROM fs_index_runs WHERE mount_id = $1', mountId);
    });
  }

  async move(mountId: string, from: string, to: string): Promise<void> {
    const [low, high] = below(from);
    await this.db.$transaction(async (tx) => {
      await this.dropTree(tx, mountId, to);
      await tx.$executeRawUnsafe(
        'UPDATE fs_index_entries SET path = $1, parent = $2, name = $3 WHERE mount_id = $4 AND path = $5',
        to,
        parentOf(to),
        nameOf(to),
        mountId,
        from,
      );
      await tx.$executeRawUnsafe(
        `UPDATE fs_index_entries SET path = $1 || substr(path, $2::int), parent = $1 || substr(parent, $2::int)
         WHERE mount_id = $3 AND path >= $4 AND path < $5`,
        to,
        afterPrefix(from),
        mountId,
        low,
        high,
      );
    });
  }

  async reconcile(mountId: string, folderKey: string, entries: IndexedEntry[]): Promise<void> {
    await this.put(mountId, await this.dropGoneChildren(mountId, folderKey, entries));
  }

  async dropGoneChildren(mountId: string, folderKey: string, entries: IndexedEntry[]): Promise<IndexedEntry[]> {
    const rows = await this.db.$queryRawUnsafe<Row[]>(
      'SELECT path, is_dir, size, modified, etag FROM fs_index_entries WHERE mount_id = $1 AND parent = $2',
      mountId,
      folderKey,
    );
    const known = new Map(rows.map((r) => [r.path, r]));
    const listed = new Set(entries.map((e) => e.key));
    const gone = [...known.keys()].filter((path) => !listed.has(path));
    if (gone.length > 0)
      await this.db.$transaction(async (tx) => {
        for (const path of gone) await this.dropTree(tx, mountId, path);
      });
    return changedEntries(known, entries);
  }

  async search(
    query: string,
    scopes: SearchScope[],
    limit: number,
    offset: number,
  ): Promise<{ hits: IndexHit[]; total: number }> {
    if (scopes.length === 0) return { hits: [], total: 0 };
    const params: unknown[] = [likeLiteral(query)];
    const next = (value: unknown) => `$${params.push(value)}`;
    const scopeSql = scopes.map((s) =>
      s.prefix === ''
        ? `(e.mount_id = ${next(s.mountId)})`
        : `(e.mount_id = ${next(s.mountId)} AND e.path >= ${next(s.prefix)} AND e.path < ${next(`${s.prefix.slice(0, -1)}0`)})`,
    );
    const filter = `e.name ILIKE $1 ESCAPE '\\' AND (${scopeSql.join(' OR ')})`;
    const [total] = await this.db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM fs_index_entries e WHERE ${filter}`,
      ...params,
    );
    const [exact, length, prefix] = rankParams(query);
    const rows = await this.db.$queryRawUnsafe<Row[]>(
      `SELECT e.mount_id, e.path, e.name, e.is_dir, e.size, e.modified, e.etag FROM fs_index_entries e
       WHERE ${filter}
       ORDER BY CASE WHEN lower(e.name) = ${next(exact)} THEN 0
         WHEN substr(lower(e.name), 1, ${next(length)}::int) = ${next(prefix)} THEN 1 ELSE 2 END,
         e.modified DESC NULLS LAST, e.path
       LIMIT ${next(limit)}::int OFFSET ${next(offset)}::int`,
      ...params,
    );
    return { hits: rows.map(toHit), total: Number(total?.n ?? 0) };
  }

  /** One statement for all the folders of a listing: a round trip each would cost a listing of many folders dearly. */
  async folderSizes(mountId: string, folderKeys: string[]): Promise<Map<string, number>> {
    if (folderKeys.length === 0) return new Map();
    const ranges = folderKeys.map((_, i) => `(${i}, $${2 * i + 2}, $${2 * i + 3})`);
    const rows = await this.db.$queryRawUnsafe<{ i: number; bytes: bigint | number }[]>(
      `SELECT f.i, coalesce(sum(e.size), 0) AS bytes
       FROM (VALUES ${ranges.join(', ')}) AS f (i, low, high)
       LEFT JOIN fs_index_entries e ON e.mount_id = $1 AND NOT e.is_dir AND e.path >= f.low AND e.path < f.high
       GROUP BY f.i`,
      mountId,
      ...folderKeys.flatMap((key) => below(key)),
    );
    const bytes = new Map(rows.map((r) => [Number(r.i), Number(r.bytes)]));
    return new Map(folderKeys.map((key, i) => [key, bytes.get(i) ?? 0]));
  }

  async counts(): Promise<Map<string, number>> {
    const rows = await this.db.$queryRawUnsafe<{ mount_id: string; n: bigint }[]>(
      'SELECT mount_id, count(*) AS n FROM fs_index_entries GROUP BY mount_id',
    );
    return new Map(rows.map((r) => [r.mount_id, Number(r.n)]));
  }

  async beginRun(mountId: string, runId: string, staleAfterMs: number): Promise<boolean> {
    const now = new Date();
    const changed = await this.db.$executeRawUnsafe(
      `INSERT INTO fs_index_runs AS r (mount_id, run_id, status, entries, error, started_at, updated_at, finished_at)
       VALUES ($1, $2, 'running', 0, NULL, $3::timestamp(3), $3::timestamp(3), NULL)
       ON CONFLICT (mount_id) DO UPDATE SET run_id = excluded.run_id, status = 'running', entries = 0,
         error = NULL, started_at = excluded.started_at, updated_at = excluded.updated_at, finished_at = NULL
       WHERE r.status <> 'running' OR r.updated_at < $4::timestamp(3)`,
      mountId,
      runId,
      now,
      new Date(now.getTime() - staleAfterMs),
    );
    return changed === 1;
  }

  async progressRun(mountId: string, runId: string, entries: number): Promise<boolean> {
    const changed = await this.db.$executeRawUnsafe(
      'UPDATE fs_index_runs SET entries = $1::int, updated_at = $2::timestamp(3) WHERE mount_id = $3 AND run_id = $4',
      entries,
      new Date(),
      mountId,
      runId,
    );
    return changed === 1;
  }

  async endRun(mountId: string, runId: string, outcome: { entries: number } | { error: string }): Promise<void> {
    const ok = 'entries' in outcome;
    await this.db.$transaction(async (tx) => {
      const changed = await tx.$executeRawUnsafe(
        `UPDATE fs_index_runs SET status = $1, entries = $2::int, error = $3, updated_at = $4::timestamp(3),
           finished_at = $4::timestamp(3)
         WHERE mount_id = $5 AND run_id = $6`,
        ok ? 'completed' : 'failed',
        ok ? outcome.entries : 0,
        ok ? null : outcome.error,
        new Date(),
        mountId,
        runId,
      );
      if (ok && changed === 1)
        await tx.$executeRawUnsafe(
          'DELETE FROM fs_index_entries WHERE mount_id = $1 AND (run_id IS NULL OR run_id <> $2)',
          mountId,
          runId,
        );
    });
  }

  async runs(): Promise<IndexRun[]> {
    return (await this.db.$queryRawUnsafe<RunRow[]>('SELECT * FROM fs_index_runs')).map(toRun);
  }
}
