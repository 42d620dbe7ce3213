import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { RunningServer } from './server';

/**
 * Direct SQL on a test server's database, SQLite or PostgreSQL alike (TEST_DATABASE=postgres), for
 * what the API cannot do or show: aging a row, reading a column that never leaves the server. SQL
 * uses `?` placeholders (numbered for PostgreSQL here); counts and sums come back as numbers.
 */
export interface ServerDb {
  dialect: 'sqlite' | 'postgres';
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  run(sql: string, ...params: unknown[]): Promise<void>;
  /** A DateTime as this database stores it: the SQLite adapter's text (app/db/time.ts), or a Date. */
  time(date: Date): unknown;
}

const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

/** pg's parsers for one connection: bigint counts and sums as numbers, timestamps as UTC. */
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (v: string) => Number(v);
    if (oid === pg.types.builtins.TIMESTAMP) return (v: string) => new Date(`${v.replace(' ', 'T')}Z`);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export async function withServerDb<T>(server: RunningServer, work: (db: ServerDb) => Promise<T> | T): Promise<T> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl, types });
    await client.connect();
    try {
      return await work({
        dialect: 'postgres',
        all: async <R>(sql: string, ...params: unknown[]) => (await client.query(numbered(sql), params)).rows as R[],
        run: async (sql, ...params) => void (await client.query(numbered(sql), params)),
        time: (date) => date,
      });
    } finally {
      await client.end();
    }
  }
  // WAL: the server keeps running while this connection reads and writes.
  const db = new Database(path.join(server.dataDir, 'cloudclip.db'));
  try {
    return await work({
      dialect: 'sqlite',
      all: async <R>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as R[],
      run: async (sql, ...params) => void db.prepare(sql).run(...params),
      time: (date) => date.toISOString().replace('Z', '+00:00'),
    });
  } finally {
    db.close();
  }
}
