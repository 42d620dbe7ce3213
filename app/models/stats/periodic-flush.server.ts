import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A map's entries in the order of their keys, `size` at a time, as the flushes write them, with a
 * turn of the event loop before each slice. In key order, slices of rows change neighbouring rows,
 * a few pages each, and replicas writing the same rows lock them in one order (PostgreSQL: no
 * deadlock). In the order they came in, every slice of 50 rows of share statistics changed about
 * 50 pages, and a flush of 10,000 shares wrote 36 MiB of WAL instead of 1.6 MiB (a copy of
 * bench/scale.bench.mjs' million pastes, 2026-12-02). The keys are sorted as they are, by UTF-16
 * code units (as `<` compares strings), with no comparison function to call: 10,000 of them take
 * about 2.5 ms, where the entries sorted by a function took 5-18 ms of the event loop at each
 * flush. An entry's value is read when its slice is made (a count that grew meanwhile is written
 * whole); a key deleted by then is left out.
 */
export async function* inKeyOrder<V>(map: Map<string, V>, size: number): AsyncGenerator<[string, V][]> {
  const keys = [...map.keys()].sort();
  for (let i = 0; i < keys.length; i += size) {
    await nextTurn();
    const slice: [string, V][] = [];
    for (const key of keys.slice(i, i + size)) {
      const value = map.get(key);
      if (value !== undefined) slice.push([key, value]);
    }
    if (slice.length > 0) yield slice;
  }
}

/**
 * What is counted in memory and added to the database every few seconds (share statistics,
 * decision 0035; paste views, decision 0041): `schedule` after counting, a flush at a time, and a
 * last one at shutdown. The subclass writes what it holds (`write`) and keeps what a failed write
 * could not add for the next flush.
 */
export abstract class PeriodicFlush {
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly everyMs: number) {}

  /** Adds what is counted so far to the database (owners' reads and tests call it to read their counts). */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => (this.flushing = null));
    return this.flushing;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flushing;
    await this.flush();
  }

  /** A flush in a few seconds, unless one is due already. */
  protected schedule(): void {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.everyMs).unref();
  }

  protected abstract write(): Promise<void>;
}
