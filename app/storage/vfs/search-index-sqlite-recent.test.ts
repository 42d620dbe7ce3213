import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '~/db/migrate.server';
import { migrations } from '~/db/migrations.server';
import type { Sql } from '~/db/client.server';
import { SqliteSearchIndex } from './search-index-sqlite.server';
import { SqliteRecentSearch } from './search-index-sqlite-recent.server';
import type { IndexedEntry } from './search-index.server';

/**
 * The search of the whole index (issue 46) answers what the scoped search answers — the same
 * total, the same hits in the same order, page by page — whichever way it takes each tier: sorted,
 * walked newest first, or walked and given up for a sort. Small limits make 2,000 entries walk.
 */
describe('SqliteRecentSearch', () => {
  let sql: Sql;
  let index: SqliteSearchIndex;
  // "concat" thrice: "cat" has more matches inside names than at their start, so a page can hold
  // names starting with it (sorted) and then names containing it (walked).
  const WORDS = [
    'cat',
    'Cat',
    'CATALOG',
    'concat',
    'concat',
    'concat',
    'scat',
    'dog',
    'report',
    '报告',
    '100%_x',
    'ca',
  ];
  // Every entry lies under a/ or b/: these scopes see everything without being "whole mounts".
  const split = ['m1', 'm2'].flatMap((mountId) => ['a/', 'b/'].map((prefix) => ({ mountId, prefix })));

  beforeAll(async () => {
    sql = new Database(':memory:') as unknown as Sql;
    applyMigrations(sql as unknown as Database.Database, migrations);
    // Index rows only: no mounts or storages behind them.
    sql.pragma('foreign_keys = OFF');
    index = new SqliteSearchIndex(sql);
    // A fixed pseudo-random spread: names, case, folders, equal and missing dates.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
    for (const mountId of ['m1', 'm2']) {
      const entries: IndexedEntry[] = [];
      for (let i = 0; i < 1000; i++) {
        const word = WORDS[next(WORDS.length)]!;
        const name = next(5) === 0 ? word : `${word}-${next(300)}.txt`;
        const day = next(10);
        entries.push({
          key: `${next(2) ? 'a' : 'b'}/f${next(20)}/${name}`,
          isDir: false,
          size: i,
          modified: day === 0 ? null : new Date(Date.UTC(2026, 0, day)),
          etag: null,
        });
      }
      await index.put(mountId, entries);
    }
  });
  afterAll(() => (sql as unknown as Database.Database).close());

  const whole = [
    { mountId: 'm1', prefix: '' },
    { mountId: 'm2', prefix: '' },
  ];

  it('is taken only when the scopes hold every indexed mount whole', () => {
    const recent = new SqliteRecentSearch(sql);
    expect(recent.covers(whole)).toBe(true);
    expect(recent.covers([whole[0]!])).toBe(false);
    expect(recent.covers(split)).toBe(false);
    expect(recent.covers([...whole, { mountId: 'm3', prefix: '' }])).toBe(true);
  });

  for (const [label, limits] of [
    ['sorting every match', { sortMax: 100_000, walkMax: 100_000 }],
    ['walking newest first', { sortMax: 3, walkMax: 100_000 }],
    ['walks given up for a sort', { sortMax: 3, walkMax: 20 }],
  ] as const) {
    it(`answers as the scoped search does, ${label}`, async () => {
      const recent = new SqliteRecentSearch(sql, limits);
      let compared = 0;
      for (const query of ['cat', 'CAT', 'ca', 'at', 'concat', 'dog', '报告', '报', '0%_', '%_', 'zzz', 'cat-1']) {
        for (const [limit, offset] of [
          [10, 0],
          [50, 0],
          [7, 33],
          [200, 150],
          [100, 450],
        ] as const) {
          const expected = await index.search(query, split, limit, offset);
          const got = recent.search(query, limit, offset);
          expect({ query, limit, offset, got }).toEqual({ query, limit, offset, got: expected });
          compared += got.hits.length;
        }
      }
      // The comparison saw real pages, not empty ones.
      expect(compared).toBeGreaterThan(1000);
    });
  }
});
