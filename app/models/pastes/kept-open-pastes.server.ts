import type { Statement } from 'better-sqlite3';
import type { Sql } from '~/db/client.server';

/** What a kept row needs: the fast view's row of an open paste on SQLite (fast-view.server.ts). */
export interface OpenRow {
  id: string;
  slug: string;
  content: string;
  html: string | null;
  /** As SQLite stores it (app/db/time.ts): text whose order is time order. */
  expires_at: string | null;
  views: number;
}

/** Characters of content and HTML kept at most, about 32 MB: 10,000 pastes of 1.6 KB. */
const BUDGET = 16 * 1024 * 1024;
/** A paste larger than this is read from the database each time; it would push out dozens. */
const LARGEST = 256 * 1024;
/** What a row costs besides its text: its other fields and the maps' entries. */
const OVERHEAD = 300;

const sizeOf = (row: OpenRow) => row.content.length + (row.html?.length ?? 0) + OVERHEAD;

/**
 * The rows of open pastes (no password, no view limit) that SQLite's hot-path connection read
 * lately, by slug, so a view of one of them reads no index or table page (decision 0051). They are
 * what the database holds, always: SQLite's `data_version` of the connection changes when any
 * other connection commits (Prisma's, another process's), and then every row is let go before the
 * next is read. This connection's own writes do not change it; of those, only the view tally's
 * flush changes a kept row (its views), and `written` adds those views to it in the same tick. An
 * expiry passes without a write: `get` compares it as the statement does.
 */
export class KeptOpenPastes<R extends OpenRow> {
  private readonly rows = new Map<string, R>();
  private readonly byId = new Map<string, R>();
  private readonly dataVersion: Statement;
  private version: number;
  private used = 0;

  constructor(
    sql: Sql,
    private readonly budget = BUDGET,
    private readonly largest = LARGEST,
  ) {
    this.dataVersion = sql.prepare('PRAGMA data_version').pluck();
    this.version = this.dataVersion.get() as number;
  }

  /** The kept row of `slug` if the database has not changed since and it has not expired by `now`. */
  get(slug: string, now: string): R | undefined {
    const version = this.dataVersion.get() as number;
    if (version !== this.version) {
      this.clear();
      this.version = version;
      return undefined;
    }
    const row = this.rows.get(slug);
    if (row && row.expires_at !== null && !(row.expires_at > now)) {
      this.drop(row);
      return undefined;
    }
    return row;
  }

  /** Keeps a row just read (after `get`, in the same tick); the oldest go when the budget is full. */
  keep(row: R): R {
    const size = sizeOf(row);
    if (size > this.largest) return row;
    for (const oldest of this.rows.values()) {
      if (this.used + size <= this.budget) break;
      this.drop(oldest);
    }
    this.rows.set(row.slug, row);
    this.byId.set(row.id, row);
    this.used += size;
    return row;
  }

  /** The tally wrote these views to `tallied_views` on this connection: the kept rows count them. */
  written(counts: [string, number][]): void {
    for (const [id, views] of counts) {
      const row = this.byId.get(id);
      if (row) row.views += views;
    }
  }

  get size(): number {
    return this.rows.size;
  }

  private drop(row: R): void {
    this.rows.delete(row.slug);
    this.byId.delete(row.id);
    this.used -= sizeOf(row);
  }

  private clear(): void {
    this.rows.clear();
    this.byId.clear();
    this.used = 0;
  }
}
