import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations, checksumOf } from './migrate.server';

const m1 = { name: '0001_a', sql: 'CREATE TABLE a (id TEXT PRIMARY KEY);' };
const m2 = { name: '0002_b', sql: 'CREATE TABLE b (id TEXT PRIMARY KEY);' };

describe('applyMigrations', () => {
  it('applies pending migrations in order and keeps Prisma bookkeeping', () => {
    const db = new Database(':memory:');
    expect(applyMigrations(db, [m2, m1])).toEqual(['0001_a', '0002_b']);
    const rows = db
      .prepare(
        'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
      )
      .all() as { migration_name: string; checksum: string; finished_at: number; applied_steps_count: number }[];
    expect(rows.map((r) => [r.migration_name, r.checksum, r.applied_steps_count])).toEqual([
      ['0001_a', checksumOf(m1.sql), 1],
      ['0002_b', checksumOf(m2.sql), 1],
    ]);
    expect(rows.every((r) => r.finished_at > 0)).toBe(true);
  });

  it('is idempotent', () => {
    const db = new Database(':memory:');
    applyMigrations(db, [m1]);
    expect(applyMigrations(db, [m1, m2])).toEqual(['0002_b']);
    expect(applyMigrations(db, [m1, m2])).toEqual([]);
  });

  it('refuses a migration edited after it was applied', () => {
    const db = new Database(':memory:');
    applyMigrations(db, [m1]);
    expect(() => applyMigrations(db, [{ ...m1, sql: m1.sql + ' -- edited' }])).toThrow(/checksum/);
  });

  it('rolls back a failing migration completely', () => {
    const db = new Database(':memory:');
    const bad = { name: '0002_bad', sql: 'CREATE TABLE c (id TEXT); INSERT INTO nope VALUES (1);' };
    expect(() => applyMigrations(db, [m1, bad])).toThrow();
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type='table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).not.toContain('c');
    const names = db.prepare('SELECT migration_name FROM _prisma_migrations').all() as { migration_name: string }[];
    expect(names.map((n) => n.migration_name)).toEqual(['0001_a']);
  });
});
