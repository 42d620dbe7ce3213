import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '~/db/migrate.server';
import {
  columnName,
  expectedForeignKeys,
  expectedIndexes,
  isKey,
  loadDatamodel,
  readMigrations,
  scalarsOf,
  tableName,
  type DmmfField,
} from '../support/datamodel';

/**
 * Fails when prisma/migrations disagrees with prisma/schema.prisma: migrates an empty SQLite file
 * with our runner and compares every model, column, type, nullability, default, primary key,
 * unique and index, and foreign key with the data model Prisma itself parses from the schema.
 */
const SQLITE_TYPES: Record<string, string> = {
  String: 'TEXT',
  Int: 'INTEGER',
  BigInt: 'BIGINT',
  Boolean: 'BOOLEAN',
  DateTime: 'DATETIME',
  Float: 'REAL',
  Decimal: 'DECIMAL',
  Json: 'JSONB',
  Bytes: 'BLOB',
};

function expectedDefault(field: DmmfField): string | null {
  const value = field.default as { name?: string } | string | number | boolean | undefined;
  if (!field.hasDefaultValue || value === undefined) return null;
  if (typeof value === 'object' && value !== null) return value.name === 'now' ? 'CURRENT_TIMESTAMP' : null;
  // Numbers that do not fit a JS number (BigInt) arrive as strings; SQL writes them bare.
  if (typeof value === 'string' && field.type !== 'BigInt') return `'${value.replace(/'/g, "''")}'`;
  return String(value);
}

/**
 * Indexes Prisma cannot describe (a NOCASE collation) or that only the SQLite search uses: declared
 * by prisma/migrations/0024_search_recent for app/storage/vfs/search-index-sqlite-recent.server.ts.
 */
const EXTRA_INDEXES = new Set(['fs_index_entries_recent_idx', 'fs_index_entries_name_nocase_idx']);

describe('schema drift: migrations vs schema.prisma', () => {
  const datamodel = loadDatamodel();
  let db: Database.Database;
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-drift-'));
    db = new Database(path.join(dir, 'drift.db'));
    applyMigrations(db, readMigrations('migrations'));
  });
  afterAll(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has exactly the tables of the schema', () => {
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string;
      }[]
    )
      .map((t) => t.name)
      .filter((n) => n !== '_prisma_migrations')
      // The search index's trigram table (and FTS5's own tables behind it) is a virtual table
      // Prisma cannot describe; prisma/migrations/0003_fs_search_index declares it.
      .filter((n) => !n.startsWith('fs_index_names'))
      .sort();
    expect(tables).toEqual(datamodel.models.map(tableName).sort());
  });

  it('has the indexes only the SQLite search uses, which the comparison below leaves out', () => {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all();
    expect(names).toEqual(expect.arrayContaining([...EXTRA_INDEXES]));
  });

  for (const model of datamodel.models) {
    describe(`${model.name} (${tableName(model)})`, () => {
      it('has the same columns, types, nullability, defaults and primary key', () => {
        type Col = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number };
        const columns = db.prepare(`PRAGMA table_info("${tableName(model)}")`).all() as Col[];
        const scalars = scalarsOf(model);
        expect(columns.map((c) => c.name).sort()).toEqual(scalars.map(columnName).sort());
        for (const field of scalars) {
          const col = columns.find((c) => c.name === columnName(field))!;
          expect({ field: field.name, type: col.type, notnull: !!col.notnull, pk: col.pk > 0 }).toEqual({
            field: field.name,
            type: SQLITE_TYPES[field.type],
            notnull: field.isRequired,
            pk: isKey(model, field),
          });
          expect({ field: field.name, default: col.dflt_value }).toEqual({
            field: field.name,
            default: expectedDefault(field),
          });
        }
      });

      it('has the same unique constraints and indexes', () => {
        type Idx = { name: string; unique: number; origin: string };
        const indexes = (db.prepare(`PRAGMA index_list("${tableName(model)}")`).all() as Idx[])
          .filter((i) => i.origin !== 'pk' && !EXTRA_INDEXES.has(i.name))
          .map((i) => {
            const cols = (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[]).map((c) => c.name);
            return `${i.unique ? 'unique' : 'normal'}(${cols.join(',')})`;
          })
          .sort();
        expect(indexes).toEqual(expectedIndexes(datamodel, model));
      });

      it('has the same foreign keys and referential actions', () => {
        type Fk = { table: string; from: string; to: string; on_delete: string };
        const fks = (db.prepare(`PRAGMA foreign_key_list("${tableName(model)}")`).all() as Fk[])
          .map((fk) => `${fk.from}->${fk.table}.${fk.to} ON DELETE ${fk.on_delete}`)
          .sort();
        expect(fks).toEqual(expectedForeignKeys(datamodel, model));
      });
    });
  }
});
