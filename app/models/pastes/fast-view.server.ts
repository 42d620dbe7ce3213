import type { Statement } from 'better-sqlite3';
import type { Sql } from '~/db/client.server';
import { sqlTime } from '~/db/time';
import type { PasteView } from './types';

interface Row {
  id: string;
  slug: string;
  content: string;
  remark: string | null;
  expires_at: string | null;
  max_views: number | null;
  views: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

const statements = new WeakMap<Sql, { any: Statement; unlimited: Statement }>();

function prepare(sql: Sql, limit: string): Statement {
  return sql.prepare(`
    UPDATE pastes SET views = views + 1
    WHERE slug = ? AND password_hash IS NULL AND ${limit}
      AND (expires_at IS NULL OR expires_at > ?)
    RETURNING id, slug, content, remark, expires_at, max_views, views, created_by, created_at, updated_at`);
}

/**
 * The common case of a public view in one prepared statement: an unlocked paste that is unexpired
 * and at least two views short of its limit gets its view counted and comes back. Anything else
 * (password, last allowed view, expired, unknown) returns null and takes the full path in
 * pastes.server.ts, which handles those cases with the same conditional-statement guarantees.
 * `unlimited` matches only pastes without a view limit: the paste page counts those on sight and
 * shows the others behind a reveal step (page-view.server.ts).
 */
export function fastCountView(sql: Sql, slug: string, which: 'any' | 'unlimited' = 'any'): PasteView | null {
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = {
      any: prepare(sql, '(max_views IS NULL OR views + 1 < max_views)'),
      unlimited: prepare(sql, 'max_views IS NULL'),
    };
    statements.set(sql, prepared);
  }
  const row = prepared[which].get(slug, sqlTime()) as Row | undefined;
  if (!row) return null;
  return {
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
  };
}
