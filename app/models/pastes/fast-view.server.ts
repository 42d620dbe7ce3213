import type { Statement } from 'better-sqlite3';
import type { Pool } from 'pg';
import type { Sql } from '~/db/client.server';
import { sqlTime } from '~/db/time';
import { keptHtml } from './rendered.server';
import type { PasteView } from './types';
import { ViewBatches, type Which } from './view-batches.server';

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

/**
 * Which pastes a statement may count `n` views of: `unlimited` only those without a view limit,
 * `any` also those still short of their limit after the `n` views.
 */
const LIMIT: Record<Which, (n: string) => string> = {
  any: (n) => `(max_views IS NULL OR views + ${n} < max_views)`,
  unlimited: () => 'max_views IS NULL',
};

const COLUMNS = `slug, content, remark, expires_at, max_views, views, created_by, created_at, updated_at, html,
      html_version, encrypted`;

/** SQLite's statement: one view of the slug (`?`) at the time (`?`). */
const statement = (which: Which) => `
    UPDATE pastes SET views = views + 1
    WHERE slug = ? AND password_hash IS NULL AND ${LIMIT[which]('1')}
      AND (expires_at IS NULL OR expires_at > ?)
    RETURNING id, ${COLUMNS}`;

/**
 * PostgreSQL's statement: the views of a batch of pastes at the time ($2): the slugs ($1, each
 * once) and how many views each ($3), in one commit (view-batches.server.ts). Each slug is looked up
 * and locked on its own through the slug index, in the order given (sorted), so two batches (of two
 * replicas) that share pastes wait for each other instead of deadlocking.
 */
const batchStatement = (which: Which) => `
    WITH locked AS (
      SELECT found.id, wanted.n FROM unnest($1::text[], $3::int[]) AS wanted(slug, n)
      CROSS JOIN LATERAL (
        SELECT id FROM pastes WHERE slug = wanted.slug AND password_hash IS NULL AND ${LIMIT[which]('wanted.n')}
          AND (expires_at IS NULL OR expires_at > $2::timestamp(3))
        FOR UPDATE) found)
    UPDATE pastes p SET views = p.views + locked.n FROM locked WHERE p.id = locked.id
    RETURNING p.id, ${COLUMNS.replace(/(\w+)/g, 'p.$1')}`;

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

const statements = new WeakMap<Sql, Record<Which, Statement>>();

/**
 * The common case of a public view in one statement: an unlocked paste that is unexpired and at
 * least two views short of its limit gets its view counted and comes back. Anything else (password,
 * last allowed view, expired, unknown) returns null and takes the full path in pastes.server.ts,
 * which handles those cases with the same conditional-statement guarantees. `unlimited` matches
 * only pastes without a view limit: the paste page counts those on sight and shows the others
 * behind a reveal step (page-view.server.ts).
 *
 * On SQLite a prepared statement on the plain connection, synchronous (decision 0003); on
 * PostgreSQL the same rule for a batch of views in one named (prepared) statement on the pool
 * (fastCountViewPostgres, view-batches.server.ts).
 */
export function fastCountView(sql: Sql, slug: string, which: Which = 'any'): PasteView | null {
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = {
      any: sql.prepare(statement('any')),
      unlimited: sql.prepare(statement('unlimited')),
    };
    statements.set(sql, prepared);
  }
  const row = prepared[which].get(slug, sqlTime()) as Row | undefined;
  return row ? toView(row) : null;
}

const batches = new WeakMap<Pool, ViewBatches<Row>>();

export async function fastCountViewPostgres(pool: Pool, slug: string, which: Which = 'any'): Promise<PasteView | null> {
  let batched = batches.get(pool);
  if (!batched) {
    batched = new ViewBatches(pool, batchStatement);
    batches.set(pool, batched);
  }
  const row = await batched.count(slug, which);
  return row ? toView(row) : null;
}
