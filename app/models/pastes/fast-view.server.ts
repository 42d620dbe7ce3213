import type { Statement } from 'better-sqlite3';
import type { Pool } from 'pg';
import type { Sql } from '~/db/client.server';
import { hotQuery, pgTime, utcTypes } from '~/db/postgres.server';
import { sqlTime } from '~/db/time';
import { keptHtml } from './rendered.server';
import type { PasteView } from './types';

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
}

type Which = 'any' | 'unlimited';

/** Which pastes the one statement may count: `unlimited` only those without a view limit. */
const LIMIT: Record<Which, string> = {
  any: '(max_views IS NULL OR views + 1 < max_views)',
  unlimited: 'max_views IS NULL',
};

/** The statement, with `?` (SQLite) or `$1`, `$2` (PostgreSQL) for the slug and the time. */
const statement = (which: Which, [slug, now]: [string, string]) => `
    UPDATE pastes SET views = views + 1
    WHERE slug = ${slug} AND password_hash IS NULL AND ${LIMIT[which]}
      AND (expires_at IS NULL OR expires_at > ${now})
    RETURNING id, slug, content, remark, expires_at, max_views, views, created_by, created_at, updated_at, html,
      html_version`;

const toView = (row: Row): PasteView => ({
  id: row.id,
  slug: row.slug,
  content: row.content,
  remark: row.remark,
  hasPassword: false,
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
 * PostgreSQL the same statement as a named (prepared) statement on the pool (fastCountViewPostgres).
 */
export function fastCountView(sql: Sql, slug: string, which: Which = 'any'): PasteView | null {
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = {
      any: sql.prepare(statement('any', ['?', '?'])),
      unlimited: sql.prepare(statement('unlimited', ['?', '?'])),
    };
    statements.set(sql, prepared);
  }
  const row = prepared[which].get(slug, sqlTime()) as Row | undefined;
  return row ? toView(row) : null;
}

export async function fastCountViewPostgres(pool: Pool, slug: string, which: Which = 'any'): Promise<PasteView | null> {
  const rows = await hotQuery<Row>(pool, {
    name: `paste-view-${which}`,
    text: statement(which, ['$1', '$2::timestamp(3)']),
    values: [slug, pgTime()],
    types: utcTypes,
  });
  return rows[0] ? toView(rows[0]) : null;
}
