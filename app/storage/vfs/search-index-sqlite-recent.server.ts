import type { Sql } from '~/db/client.server';
import { nameOf, rankParams, toHit, type IndexHit, type Row, type SearchScope } from './search-index.server';

export interface RecentSearchLimits {
  /** Up to this many matches (of a query, or of a tier) are always sorted, never walked. */
  sortMax: number;
  /** A walk that has not filled its page after this many entries gives way to sorting every match. */
  walkMax: number;
}
const LIMITS: RecentSearchLimits = { sortMax: 1_000, walkMax: 50_000 };

/** SQLite's lower() and NOCASE fold ASCII letters only: the ranking folds names the same way. */
const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (c) => c.toLowerCase());
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const COLUMNS = 'e.id, e.mount_id, e.path, e.name, e.is_dir, e.size, e.modified, e.etag';
const RANKED = `ORDER BY CASE WHEN lower(e.name) = ? THEN 0 WHEN substr(lower(e.name), 1, ?) = ? THEN 1 ELSE 2 END,
  e.modified DESC, e.path LIMIT ? OFFSET ?`;

/**
 * Search on SQLite when the caller may see the whole index — an admin's global search, or a mount
 * search with one mount indexed (issue 46: at 600,000 entries, counting and sorting every match of a
 * common word took 200 ms). The ranking is SqliteSearchIndex's: exact names, then names starting with
 * the query, then the newest, then by path. Here each tier is taken the cheapest way its size allows:
 * the matches are counted by the trigram table (or one scan of the name index for 1–2 characters);
 * exact names and prefixes come from the name index (prisma/migrations/0024_search_recent); a tier
 * with enough matches to fill the page early is walked along the index of entries newest first,
 * which stops at the page, the others are sorted. A walk that runs long (the matches are all old)
 * gives way to sorting the matches.
 */
export class SqliteRecentSearch {
  private readonly nextMount;
  private readonly lastId;
  private readonly ftsCount;
  private readonly ftsIds;
  private readonly likeIds;
  private readonly exactCount;
  private readonly prefixCount;
  private readonly exactIds;
  private readonly prefixIds;
  private readonly newest;
  private readonly rowsById;
  private readonly ftsRanked;
  private readonly idsRanked;

  constructor(
    sql: Sql,
    private readonly limits = LIMITS,
  ) {
    this.nextMount = sql
      .prepare('SELECT mount_id FROM fs_index_entries WHERE mount_id > ? ORDER BY mount_id LIMIT 1')
      .pluck();
    this.lastId = sql.prepare('SELECT coalesce(max(id), 0) FROM fs_index_entries').pluck();
    this.ftsCount = sql.prepare('SELECT count(*) FROM fs_index_names WHERE fs_index_names MATCH ?').pluck();
    this.ftsIds = sql.prepare('SELECT rowid FROM fs_index_names WHERE fs_index_names MATCH ?').pluck();
    this.likeIds = sql
      .prepare(
        `SELECT id FROM fs_index_entries INDEXED BY fs_index_entries_name_nocase_idx WHERE name LIKE ? ESCAPE '\\'`,
      )
      .pluck();
    this.exactCount = sql.prepare('SELECT count(*) FROM fs_index_entries WHERE name = ? COLLATE NOCASE').pluck();
    this.prefixCount = sql.prepare("SELECT count(*) FROM fs_index_entries WHERE name LIKE ? ESCAPE '\\'").pluck();
    this.exactIds = sql
      .prepare('SELECT id FROM fs_index_entries WHERE name = ? COLLATE NOCASE ORDER BY modified DESC, path LIMIT ?')
      .pluck();
    this.prefixIds = sql
      .prepare(
        `SELECT id FROM fs_index_entries WHERE name LIKE ? ESCAPE '\\' AND NOT name = ? COLLATE NOCASE
         ORDER BY modified DESC, path LIMIT ?`,
      )
      .pluck();
    this.newest = sql.prepare(
      'SELECT id, path FROM fs_index_entries INDEXED BY fs_index_entries_recent_idx ORDER BY modified DESC, path',
    );
    this.rowsById = sql.prepare(
      `SELECT ${COLUMNS} FROM fs_index_entries e WHERE e.id IN (SELECT value FROM json_each(?))`,
    );
    this.ftsRanked = sql.prepare(
      `SELECT ${COLUMNS} FROM fs_index_names f JOIN fs_index_entries e ON e.id = f.rowid
       WHERE fs_index_names MATCH ? ${RANKED}`,
    );
    this.idsRanked = sql.prepare(
      `SELECT ${COLUMNS} FROM fs_index_entries e WHERE e.id IN (SELECT value FROM json_each(?)) ${RANKED}`,
    );
  }

  /** Whether `scopes` take in everything the index holds: every mount in it, whole. */
  covers(scopes: SearchScope[]): boolean {
    const whole = new Set(scopes.filter((s) => s.prefix === '').map((s) => s.mountId));
    for (let after = ''; ;) {
      const next = this.nextMount.get(after) as string | undefined;
      if (next === undefined) return true;
      if (!whole.has(next)) return false;
      after = next;
    }
  }

  search(query: string, limit: number, offset: number): { hits: IndexHit[]; total: number } {
    const trigram = [...query].length >= 3;
    const phrase = `"${query.replace(/"/g, '""')}"`;
    // 1–2 characters: one scan of the name index finds them all (LIKE folds ASCII, as here).
    const likeMatches = trigram ? null : (this.likeIds.all(`%${escapeLike(query)}%`) as number[]);
    const total = likeMatches?.length ?? (this.ftsCount.get(phrase) as number);
    const rank = rankParams(query);
    const sorted = () =>
      (likeMatches
        ? this.idsRanked.all(JSON.stringify(likeMatches), ...rank, limit, offset)
        : this.ftsRanked.all(phrase, ...rank, limit, offset)) as Row[];
    const entries = this.lastId.get() as number; // ids only grow: at least the entries there are
    if (!this.walks(total, offset + limit, entries)) return { hits: sorted().map(toHit), total };
    const every = () => new Set(likeMatches ?? (this.ftsIds.all(phrase) as number[]));
    const ids = this.page(rank[0], offset + limit, total, entries, every)?.slice(offset);
    if (!ids) return { hits: sorted().map(toHit), total };
    const rows = new Map(
      (this.rowsById.all(JSON.stringify(ids)) as (Row & { id: number })[]).map((row) => [row.id, row]),
    );
    return { hits: ids.flatMap((id) => (rows.has(id) ? [toHit(rows.get(id)!)] : [])), total };
  }

  /**
   * Whether a walk newest first should find `want` of `count` matches sooner than sorting them all
   * would: spread evenly over `entries`, it reads want × entries / count rows, a sort reads `count`.
   */
  private walks(count: number, want: number, entries: number): boolean {
    return count > this.limits.sortMax && count * count >= want * entries;
  }

  /**
   * The ids of the first `need` matches in rank order, tier by tier; null when sorting every match
   * is the better way, or a walk read twice as many entries as there are matches (they are old).
   * `lower` is the query lower-cased; `matches` reads the set of every match.
   */
  private page(
    lower: string,
    need: number,
    total: number,
    entries: number,
    matches: () => Set<number>,
  ): number[] | null {
    const prefix = `${escapeLike(lower)}%`;
    const exact = this.exactCount.get(lower) as number;
    const starting = (this.prefixCount.get(prefix) as number) - exact;
    const want0 = Math.min(exact, need);
    const want1 = Math.min(starting, need - want0);
    const want2 = Math.min(total - exact - starting, need - want0 - want1);
    if (want2 > 0 && !this.walks(total - exact - starting, want2, entries)) return null;
    const tier0 = want0 ? (this.exactIds.all(lower, want0) as number[]) : [];
    const walk1 = want1 > 0 && this.walks(starting, want1, entries);
    const tier1 = want1 && !walk1 ? (this.prefixIds.all(prefix, lower, want1) as number[]) : [];
    const tier2: number[] = [];
    if (walk1 || want2 > 0) {
      const isMatch = want2 > 0 ? matches() : null;
      const budget = Math.min(this.limits.walkMax, 2 * total);
      let seen = 0;
      for (const { id, path } of this.newest.iterate() as Iterable<{ id: number; path: string }>) {
        if (++seen > budget) return null;
        const name = asciiLower(nameOf(path));
        if (name.startsWith(lower)) {
          if (walk1 && name !== lower && tier1.length < want1) tier1.push(id);
        } else if (isMatch?.has(id) && tier2.length < want2) tier2.push(id);
        if (tier1.length >= want1 && tier2.length >= want2) break;
      }
    }
    return [...tier0, ...tier1, ...tier2];
  }
}
