import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The data model Prisma itself parses from prisma/schema.prisma, and what each database's migrated
 * schema must therefore have: the drift tests (tests/integration/schema-drift*.test.ts) compare it
 * with a database migrated from empty, SQLite and PostgreSQL alike.
 */
const require = createRequire(import.meta.url);
const wasm = require('@prisma/prisma-schema-wasm') as { get_dmmf: (params: string) => string };
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum';
  type: string;
  isRequired: boolean;
  isId: boolean;
  isList: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
export interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { fields: string[] } | null;
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  fields: { name: string }[];
}
export interface Datamodel {
  models: DmmfModel[];
  indexes: DmmfIndex[];
}

export function loadDatamodel(): Datamodel {
  const schema = fs.readFileSync(path.join(ROOT, 'prisma/schema.prisma'), 'utf8');
  const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schema]] })));
  return dmmf.datamodel as Datamodel;
}

/** A folder of migrations in Prisma's layout, in order. */
export function readMigrations(folder: 'migrations' | 'migrations-postgres') {
  const dir = path.join(ROOT, 'prisma', folder);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({ name: d.name, sql: fs.readFileSync(path.join(dir, d.name, 'migration.sql'), 'utf8') }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const columnName = (f: DmmfField) => f.dbName ?? f.name;
export const tableName = (m: DmmfModel) => m.dbName ?? m.name;
export const scalarsOf = (m: DmmfModel) => m.fields.filter((f) => f.kind !== 'object');
export const isKey = (m: DmmfModel, f: DmmfField) => f.isId || !!m.primaryKey?.fields.includes(f.name);

/** `unique(col,col)` / `normal(col)` for every unique constraint and index of a model, sorted. */
export function expectedIndexes(datamodel: Datamodel, model: DmmfModel): string[] {
  const byName = new Map(model.fields.map((f) => [f.name, columnName(f)]));
  return datamodel.indexes
    .filter((i) => i.model === model.name && (i.type === 'unique' || i.type === 'normal'))
    .map((i) => `${i.type}(${i.fields.map((f) => byName.get(f.name)).join(',')})`)
    .sort();
}

/** `col->table.col ON DELETE CASCADE` for every foreign key of a model, sorted. */
export function expectedForeignKeys(datamodel: Datamodel, model: DmmfModel): string[] {
  const byName = new Map(model.fields.map((f) => [f.name, columnName(f)]));
  return model.fields
    .filter((f) => f.kind === 'object' && f.relationFromFields?.length)
    .flatMap((f) => {
      const target = datamodel.models.find((m) => m.name === f.type)!;
      const targetCols = new Map(target.fields.map((tf) => [tf.name, columnName(tf)]));
      const onDelete = (f.relationOnDelete ?? (f.isRequired ? 'Restrict' : 'SetNull'))
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toUpperCase();
      return f.relationFromFields!.map(
        (from, i) =>
          `${byName.get(from)}->${tableName(target)}.${targetCols.get(f.relationToFields![i]!)} ON DELETE ${onDelete}`,
      );
    })
    .sort();
}
