import type { Statement } from 'better-sqlite3';
import type { Pool } from 'pg';
import type { Sql } from '~/db/client.server';
import { hotQuery, pgTime } from '~/db/postgres.server';
import { sqlTime } from '~/db/time';

/** A new paste's row as createPaste made it: validated, the password hashed, the slug chosen. */
export interface NewPaste {
  id: string;
  slug: string;
  content: string;
  remark: string | null;
  passwordHash: string | null;
  passwordEnc: string | null;
  expiresAt: Date | null;
  maxViews: number | null;
  createdBy: string | null;
  encrypted: boolean;
}

const COLUMNS =
  'id, slug, content, remark, password_hash, password_enc, expires_at, max_views, views, created_by, created_at, updated_at, encrypted';

/** A flag as the driver binds it: better-sqlite3 takes no booleans (SQLite keeps 0 and 1). */
type Flag = (value: boolean) => number | boolean;

const values = (paste: NewPaste, time: (date: Date) => string, flag: Flag, now: Date) => [
  paste.id,
  paste.slug,
  paste.content,
  paste.remark,
  paste.passwordHash,
  paste.passwordEnc,
  paste.expiresAt && time(paste.expiresAt),
  paste.maxViews,
  paste.createdBy,
  time(now),
  time(now),
  flag(paste.encrypted),
];

const statements = new WeakMap<Sql, Statement>();

/**
 * Creating a paste in one prepared INSERT, like the view (decision 0003; issue 29: Prisma's create
 * cost about 1 ms of the 1.1 ms a create took). The columns follow the schema (the schema drift
 * test holds them to it); a taken slug throws the driver's unique violation, which
 * app/db/errors.ts's isUniqueViolation knows, and a busy, full or read-only database its fault.
 */
export function insertPasteSqlite(sql: Sql, paste: NewPaste, now: Date): void {
  let insert = statements.get(sql);
  if (!insert) {
    insert = sql.prepare(`INSERT INTO pastes (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`);
    statements.set(sql, insert);
  }
  insert.run(...values(paste, sqlTime, Number, now));
}

/** The same INSERT on PostgreSQL, as a named (prepared) statement on the pool under Prisma. */
export async function insertPastePostgres(pool: Pool, paste: NewPaste, now: Date): Promise<void> {
  await hotQuery(pool, {
    name: 'paste-insert',
    text: `INSERT INTO pastes (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $10, $11, $12)`,
    values: values(paste, pgTime, Boolean, now),
  });
}
