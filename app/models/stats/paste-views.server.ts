import type { Pool } from 'pg';
import type { Sql } from '~/db/client.server';
import { hotQuery } from '~/db/postgres.server';
import type { Logger } from '~/log.server';
import { inKeyOrder, PeriodicFlush } from './periodic-flush.server';

const FLUSH_MS = 3000;
/**
 * Pastes per write on SQLite, where a write holds the event loop: 50 rows take about 0.5 ms, 250
 * took 2.5 ms and 12-20 ms when the disk was busy, and at a steady 5,000 views/s over a million
 * pastes those writes made the views' p99 (bench/scale.bench.mjs, decision 0041).
 */
const SLICE = 50;
/**
 * On PostgreSQL a write is a round trip the event loop does not wait on, but reads wait for the
 * whole flush (`reading`): fewer, bigger statements.
 */
export const POSTGRES_SLICE = 250;

/**
 * Adds views to pastes' rows in `tallied_views`: `[id, views]` pairs, in one transaction. SQLite's
 * writer is synchronous (it returns nothing): the tally forgets what it wrote in the same tick, so no
 * read sees a view twice or not at all. PostgreSQL's returns a promise, and reads wait for it. A
 * paste deleted meanwhile is left out (its views go with it), so its count cannot fail a flush again
 * and again on its foreign key.
 */
export type ViewWriter = (counts: [string, number][]) => void | Promise<unknown>;

const ADD_TALLIED = 'ON CONFLICT (paste_id) DO UPDATE SET views = tallied_views.views + excluded.views';

export function sqliteViewWriter(sql: Sql): ViewWriter {
  const add = sql.prepare(
    `INSERT INTO tallied_views (paste_id, views) SELECT id, ? FROM pastes WHERE id = ? ${ADD_TALLIED}`,
  );
  const all = sql.transaction((counts: [string, number][]) => {
    for (const [id, n] of counts) add.run(n, id);
  });
  return (counts) => void all(counts);
}

export const postgresViewWriter =
  (pool: Pool): ViewWriter =>
  (counts) =>
    hotQuery(pool, {
      name: 'paste-views-tally',
      // In the order of the ids given (sorted): replicas adding to the same rows lock them in one order.
      text: `INSERT INTO tallied_views (paste_id, views)
        SELECT t.id, t.n FROM unnest($1::text[], $2::int[]) AS t(id, n) JOIN pastes p ON p.id = t.id ORDER BY t.id
        ${ADD_TALLIED}`,
      values: [counts.map(([id]) => id), counts.map(([, n]) => n)],
    });

/**
 * The views of pastes without a view limit, counted in memory and added to the database every few
 * seconds (issue 46, decision 0041): a view of such a paste reads the row and rewrites nothing, so
 * a popular paste costs no write (and no WAL page) per visitor. There the count is a statistic; a
 * paste with a limit is still counted in its row, atomically, on every view (pastes.server.ts).
 * The flush adds to the narrow `tallied_views`, not to `pastes`: the views of 10,000 pastes then
 * rewrite a few dozen pages, not a page of `pastes` (with its content) each. A paste's figure is its
 * row's views, plus its tallied views, plus what this process has not written yet. A flush that
 * fails keeps its counts for the next one; a shutdown flushes; owners' reads flush first so they see
 * every view. Replicas each add their own (the statement adds, never overwrites). A kill -9 loses
 * at most the last few seconds' views of unlimited pastes.
 */
export class PasteViewTally extends PeriodicFlush {
  private pending = new Map<string, number>();
  /** PostgreSQL: reads between their row and their count, and a flush waiting for them. */
  private readers = 0;
  private paused: Promise<void> | null = null;
  private drained: (() => void) | null = null;
  private readonly listeners: ((slice: [string, number][]) => void)[] = [];

  constructor(
    private readonly writer: ViewWriter,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly slice = SLICE,
  ) {
    super(FLUSH_MS);
  }

  /** Counts views of the paste; answers its views not yet written, these included. */
  add(pasteId: string, views = 1): number {
    const now = (this.pending.get(pasteId) ?? 0) + views;
    this.pending.set(pasteId, now);
    this.schedule();
    return now;
  }

  /**
   * Calls `listener` with each slice of views once it is written, before anything else runs (on
   * SQLite in the tick of the write): the kept rows of the fast view add them (decision 0051).
   */
  onWritten(listener: (slice: [string, number][]) => void): void {
    this.listeners.push(listener);
  }

  /** The paste's views not yet written. */
  pendingOf(pasteId: string): number {
    return this.pending.get(pasteId) ?? 0;
  }

  /**
   * An asynchronous read of a row followed by `add` or `pendingOf`: it never straddles a flush,
   * so the row it read and the tally agree.
   */
  async reading<T>(read: () => Promise<T>): Promise<T> {
    while (this.paused) await this.paused;
    this.readers++;
    try {
      return await read();
    } finally {
      if (--this.readers === 0) this.drained?.();
    }
  }

  protected async write(): Promise<void> {
    if (this.pending.size === 0) return;
    let release = () => {};
    this.paused = new Promise<void>((resolve) => (release = resolve));
    try {
      if (this.readers > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      this.drained = null;
      // In the order of their ids (inKeyOrder), in slices with the event loop free between them: on
      // SQLite a write holds it (bench/scale.bench.mjs: thousands of pastes in one transaction were
      // the views' p99). Replicas flushing the same pastes lock the rows in one order and wait for
      // each other, never deadlock (a deadlock held reads for deadlock_timeout; decision 0041).
      for await (const slice of inKeyOrder(this.pending, this.slice)) {
        const written = this.writer(slice);
        if (written) await written;
        for (const listener of this.listeners) listener(slice);
        for (const [id, n] of slice) {
          const left = this.pending.get(id)! - n;
          if (left > 0) this.pending.set(id, left);
          else this.pending.delete(id);
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, 'Paste views: could not write them; will retry');
      this.schedule();
    } finally {
      this.paused = null;
      release();
    }
  }
}
