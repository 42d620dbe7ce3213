import type { Statement } from 'better-sqlite3';
import type { Pool } from 'pg';
import type { Sql } from '~/db/client.server';
import { hotQuery, pgTime, utcTypes } from '~/db/postgres.server';
import { sqlTime } from '~/db/time';
import { keptHtml } from './rendered.server';
import type { PasteView } from './types';
import { KeptOpenPastes } from './kept-open-pastes.server';
import { ViewBatches } from './view-batches.server';
import type { PasteViewTally } from '~/models/stats/paste-views.server';

/** Which pastes a fast view may take: `unlimited` only those without a view limit. */
export type Which = 'any' | 'unlimited';

interface Row {
  id: string;
  slug: string;
  content: string;
  remark: string | null;
  expires_at: string | Date | null;
  max_views: number | null;
  views: number;
  created_by: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  html: string | null;
  html_version: number | bigint | null;
  /** 0/1 on SQLite, a boolean on PostgreSQL. */
  encrypted: number | boolean;
}

/** A row as SQLite answers it: times are text (app/db/time.ts). */
type SqliteRow = Row & { expires_at: string | null };

const columns = (views: string) => `slug, content, remark, expires_at, max_views, ${views}, created_by, created_at,
      updated_at, html, html_version, encrypted`;
const COLUMNS = columns('views');

const LIVE = `password_hash IS NULL AND (expires_at IS NULL OR expires_at > ?)`;

/**
 * A paste without a view limit: read, not written (its view goes to the tally). Its figure adds the
 * views the tally has written to `tallied_views` (models/stats/paste-views.server.ts).
 */
const openStatement = `SELECT id, ${columns('views + coalesce((SELECT t.views FROM tallied_views t WHERE t.paste_id = pastes.id), 0) AS views')}
    FROM pastes WHERE slug = ? AND max_views IS NULL AND ${LIVE}`;

/** SQLite's count of one view of a limited paste at least two views short of its limit. */
const limitedStatement = `
    UPDATE pastes SET views = views + 1
    WHERE slug = ? AND views + 1 < max_views AND ${LIVE}
    RETURNING id, ${COLUMNS}`;

/**
 * PostgreSQL's count of a batch of views of limited pastes at the time ($2): the slugs ($1, each
 * once) and how many views each ($3), in one commit (view-batches.server.ts). Each slug is looked up
 * and locked on its own through the slug index, in the order given (sorted), so two batches (of two
 * replicas) that share pastes wait for each other instead of deadlocking.
 */
const batchStatement = `
    WITH locked AS (
      SELECT found.id, wanted.n FROM unnest($1::text[], $3::int[]) AS wanted(slug, n)
      CROSS JOIN LATERAL (
        SELECT id FROM pastes WHERE slug = wanted.slug AND password_hash IS NULL AND views + wanted.n < max_views
          AND (expires_at IS NULL OR expires_at > $2::timestamp(3))
        FOR UPDATE) found)
    UPDATE pastes p SET views = p.views + locked.n FROM locked WHERE p.id = locked.id
    RETURNING p.id, ${COLUMNS.replace(/(\w+)/g, 'p.$1')}`;

const openStatementPg = openStatement.replace('?', '$1').replace('?', '$2::timestamp(3)');

const toView = (row: Row): PasteView => ({
  id: row.id,
  slug: row.slug,
  content: row.content,
  remark: row.remark,
  hasPassword: false,
  encrypted: Boolean(row.encrypted),
  expiresAt: row.expires_at ? new Date(row.expires_at) : null,
  maxViews: row.max_views,
  views: row.views,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  isLastView: false,
  html: keptHtml(row.html, row.html_version),
});

/** An open paste's view: counted in the tally, its figure the row's plus what is not yet written. */
const tallied = (tally: PasteViewTally, row: Row): PasteView => ({
  ...toView(row),
  views: row.views + tally.add(row.id),
});

const statements = new WeakMap<Sql, { open: Statement; limited: Statement }>();
/** By tally, as each tally writes through one connection and tells what it wrote. */
const keptRows = new WeakMap<PasteViewTally, KeptOpenPastes<SqliteRow>>();

/** Open pastes' rows on SQLite, kept by slug (kept-open-pastes.server.ts, decision 0051). */
function keptRowsOf(sql: Sql, tally: PasteViewTally): KeptOpenPastes<SqliteRow> {
  let kept = keptRows.get(tally);
  if (!kept) {
    const rows = new KeptOpenPastes<SqliteRow>(sql);
    tally.onWritten((slice) => rows.written(slice));
    keptRows.set(tally, (kept = rows));
  }
  return kept;
}

/**
 * The common case of a public view in one statement: an unlocked, unexpired paste without a view
 * limit is read and its view tallied (models/stats/paste-views.server.ts); with `any`, one at least two views
 * short of its limit gets its view counted in its row. Anything else (password, last allowed view,
 * expired, unknown) returns null and takes the full path in pastes.server.ts, which handles those
 * cases with the same guarantees. `unlimited` matches only pastes without a view limit: the paste page
 * counts those on sight and shows the others behind a reveal step (page-view.server.ts).
 *
 * On SQLite prepared statements on the plain connection, synchronous (decision 0003); on
 * PostgreSQL the same rules on the pool, limited views in batches (view-batches.server.ts).
 */
export function fastCountView(sql: Sql, tally: PasteViewTally, slug: string, which: Which = 'any'): PasteView | null {
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = { open: sql.prepare(openStatement), limited: sql.prepare(limitedStatement) };
    statements.set(sql, prepared);
  }
  const now = sqlTime();
  const kept = keptRowsOf(sql, tally);
  let open = kept.get(slug, now);
  if (!open) {
    const read = prepared.open.get(slug, now) as SqliteRow | undefined;
    if (read) open = kept.keep(read);
  }
  if (open) return tallied(tally, open);
  if (which === 'unlimited') return null;
  const row = prepared.limited.get(slug, now) as Row | undefined;
  return row ? toView(row) : null;
}

const batches = new WeakMap<Pool, ViewBatches<Row>>();

export async function fastCountViewPostgres(
  pool: Pool,
  tally: PasteViewTally,
  slug: string,
  which: Which = 'any',
): Promise<PasteView | null> {
  const open = await tally.reading(async () => {
    const [row] = await hotQuery<Row>(pool, {
      name: 'paste-open',
      text: openStatementPg,
      values: [slug, pgTime()],
      types: utcTypes,
    });
    return row && tallied(tally, row);
  });
  if (open) return open;
  if (which === 'unlimited') return null;
  let batched = batches.get(pool);
  if (!batched) {
    batched = new ViewBatches(pool, batchStatement);
    batches.set(pool, batched);
  }
  const row = await batched.count(slug);
  return row ? toView(row) : null;
}
