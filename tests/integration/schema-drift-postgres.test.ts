import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
 * Fails when prisma/migrations-postgres disagrees with prisma/schema.prisma: migrates an empty
 * PostgreSQL database (scripts/postgres.sh, started by the integration setup) and compares every
 * table, column, type, nullability, default, primary key, unique and index, and foreign key with the
 * data model Prisma parses from the schema: the twin of schema-drift.test.ts for SQLite.
 */
const POSTGRES_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  DateTime: 'timestamp(3) without time zone',
  Float: 'double precision',
  Json: 'jsonb',
  Bytes: 'bytea',
};

/** Indexes the migrations add beyond schema.prisma (operator classes Prisma cannot describe). */
const EXTRA_INDEXES = new Set(['fs_index_entries_name_trgm_idx']);

function expectedDefault(table: string, field: DmmfField): string | null {
  const value = field.default as { name?: string } | string | number | boolean | undefined;
  if (!field.hasDefaultValue || value === undefined) return null;
  if (typeof value === 'object' && value !== null) {
    if (value.name === 'now') return 'CURRENT_TIMESTAMP';
    if (value.name === 'autoincrement') return `nextval('${table}_${columnName(field)}_seq'::regclass)`;
    return null;
  }
  if (typeof value === 'string' && field.type !== 'BigInt') return `'${value.replace(/'/g, "''")}'::text`;
  return String(value);
}

describe('schema drift: migrations-postgres vs schema.prisma', () => {
  const datamodel = loadDatamodel();
  let client: pg.Client;
  const schema = `drift_${process.pid}`;
  const query = async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[];

  beforeAll(async () => {
    client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    // A schema of its own: other suites may use the same database.
    await client.query(`CREATE SCHEMA "${schema}"; SET search_path TO "${schema}", public`);
    for (const migration of readMigrations('migrations-postgres')) {
      try {
        await client.query(`BEGIN; ${migration.sql}; COMMIT;`);
      } catch (error) {
        throw new Error(`${migration.name}: ${(error as Error).message}`);
      }
    }
  });
  afterAll(async () => {
    await client?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client?.end();
  });

  it('has exactly the tables of the schema', async () => {
    const tables = await query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'",
      [schema],
    );
    expect(tables.map((t) => t.table_name).sort()).toEqual(datamodel.models.map(tableName).sort());
  });

  for (const model of datamodel.models) {
    const table = tableName(model);
    describe(`${model.name} (${table})`, () => {
      it('has the same columns, types, nullability, defaults and primary key', async () => {
        type Col = { name: string; type: string; notnull: boolean; dflt: string | null; pk: boolean };
        const columns = await query<Col>(
          `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
                  pg_get_expr(d.adbin, d.adrelid) AS dflt,
                  EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary
                          AND a.attnum = ANY (i.indkey)) AS pk
             FROM pg_attribute a
             LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
          [`"${schema}"."${table}"`],
        );
        const scalars = scalarsOf(model);
        expect(columns.map((c) => c.name).sort()).toEqual(scalars.map(columnName).sort());
        for (const field of scalars) {
          const col = columns.find((c) => c.name === columnName(field))!;
          expect({ field: field.name, type: col.type, notnull: col.notnull, pk: col.pk }).toEqual({
            field: field.name,
            type: POSTGRES_TYPES[field.type],
            notnull: field.isRequired,
            pk: isKey(model, field),
          });
          expect({ field: field.name, default: col.dflt }).toEqual({
            field: field.name,
            default: expectedDefault(table, field),
          });
        }
      });

      it('has the same unique constraints and indexes', async () => {
        const rows = await query<{ name: string; unique: boolean; columns: string[] }>(
          `SELECT c.relname AS name, i.indisunique AS unique,
                  array(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
             FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
            WHERE i.indrelid = $1::regclass AND NOT i.indisprimary`,
          [`"${schema}"."${table}"`],
        );
        const indexes = rows
          .filter((r) => !EXTRA_INDEXES.has(r.name))
          .map((r) => `${r.unique ? 'unique' : 'normal'}(${r.columns.join(',')})`)
          .sort();
        expect(indexes).toEqual(expectedIndexes(datamodel, model));
      });

      it('has the same foreign keys and referential actions', async () => {
        const rows = await query<{ from: string; table: string; to: string; action: string }>(
          `SELECT a.attname AS from, t.relname AS table, ta.attname AS to, c.confdeltype AS action
             FROM pg_constraint c
             JOIN pg_class t ON t.oid = c.confrelid
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
             JOIN pg_attribute ta ON ta.attrelid = c.confrelid AND ta.attnum = c.confkey[1]
            WHERE c.contype = 'f' AND c.conrelid = $1::regclass`,
          [`"${schema}"."${table}"`],
        );
        const actions: Record<string, string> = {
          a: 'NO ACTION',
          r: 'RESTRICT',
          c: 'CASCADE',
          n: 'SET NULL',
          d: 'SET DEFAULT',
        };
        const fks = rows.map((r) => `${r.from}->${r.table}.${r.to} ON DELETE ${actions[r.action]}`).sort();
        expect(fks).toEqual(expectedForeignKeys(datamodel, model));
      });
    });
  }

  it('finds names by substring through the trigram index', async () => {
    // On an empty table the planner would scan it; forbidding that shows whether the index can serve.
    await client.query('SET enable_seqscan = off');
    const plan = await query<{ 'QUERY PLAN': string }>(
      "EXPLAIN SELECT id FROM fs_index_entries WHERE name ILIKE '%report%'",
    );
    await client.query('RESET enable_seqscan');
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('fs_index_entries_name_trgm_idx');
  });
});
