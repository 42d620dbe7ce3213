import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ViewBatches } from './view-batches.server';

interface Row {
  slug: string;
  views: number;
}

/**
 * A pool that answers each statement when the test says so, as a server would: every slug it
 * knows gets its `n` views added (limits are the real statement's, tested on both databases in
 * tests/integration/paste-view-lane.test.ts).
 */
function heldPool(known: Record<string, number>) {
  const calls: { name: string; slugs: string[]; counts: number[]; release: () => void; fail: (e: Error) => void }[] =
    [];
  const pool = {
    query: (config: pg.QueryConfig) =>
      new Promise((resolve, reject) => {
        const [slugs, , counts] = config.values as [string[], string, number[]];
        const release = () => {
          const rows = slugs.flatMap((slug, i) => {
            const before = known[slug];
            if (before === undefined) return [];
            known[slug] = before + counts[i]!;
            return [{ slug, views: known[slug] }];
          });
          resolve({ rows });
        };
        calls.push({ name: config.name!, slugs, counts, release, fail: reject });
      }),
  } as unknown as pg.Pool;
  /** The statement sent `i`-th. */
  const call = (i: number) => calls[i] ?? expect.fail(`statement ${i} was not sent`);
  return { pool, calls, call };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('counted views in batches on PostgreSQL', () => {
  it('sends a view at once, then gathers those that arrive meanwhile into one statement', async () => {
    const { pool, calls, call } = heldPool({ a: 0, b: 5 });
    const batches = new ViewBatches<Row>(pool, 'statement');
    const first = batches.count('a');
    await tick();
    expect(calls.map((c) => c.slugs)).toEqual([['a']]);
    const waiting = [batches.count('b'), batches.count('a'), batches.count('b')];
    const unknown = batches.count('zz');
    await tick();
    // Nothing leaves while a statement runs.
    expect(calls).toHaveLength(1);
    call(0).release();
    expect(await first).toEqual({ slug: 'a', views: 1 });
    await tick();
    // One statement for the four, each slug once (sorted, the lock order) with its count.
    expect(calls).toHaveLength(2);
    expect([call(1).slugs, call(1).counts]).toEqual([
      ['a', 'b', 'zz'],
      [1, 2, 1],
    ]);
    call(1).release();
    // Each view of a slug gets a number of its own, as one at a time would.
    expect(await Promise.all(waiting)).toEqual([
      { slug: 'b', views: 6 },
      { slug: 'a', views: 2 },
      { slug: 'b', views: 7 },
    ]);
    expect(await unknown).toBeNull();
  });

  it('a failed statement fails only its own views', async () => {
    const { pool, call } = heldPool({ a: 0 });
    const batches = new ViewBatches<Row>(pool, 'statement');
    const running = batches.count('a');
    await tick();
    const waiting = [batches.count('a'), batches.count('a')];
    call(0).fail(new Error('lost'));
    await expect(running).rejects.toThrow('lost');
    await tick();
    expect([call(1).name, call(1).counts]).toEqual(['paste-views', [2]]);
    call(1).release();
    expect(await Promise.all(waiting)).toEqual([
      { slug: 'a', views: 1 },
      { slug: 'a', views: 2 },
    ]);
  });
});
