import type { Pool } from 'pg';
import { hotQuery, pgTime, utcTypes } from '~/db/postgres.server';

/** How many views one statement counts at most (one round trip, one commit). */
const MAX_BATCH = 100;

interface Waiter<R> {
  slug: string;
  resolve: (row: R | null) => void;
  reject: (error: unknown) => void;
}

/**
 * The counted views of view-limited pastes on one PostgreSQL pool, several per statement (decision
 * 0025; the others are tallied in memory, models/stats/paste-views.server.ts). Each statement
 * costs a round trip, a backend's executor start and a commit, on the same cores as the app: one
 * view per statement held PostgreSQL near half of SQLite's rate. A view is sent at once when no
 * statement is running; views that arrive meanwhile leave together as soon as it comes back, so an
 * idle server adds no wait and a busy one counts more views per commit. The statement gets each
 * slug once, sorted (the order its rows are locked in), with its number of views; a paste whose
 * limit those views would reach is not counted by it, and its views take the full path one by one
 * (pastes.server.ts).
 */
export class ViewBatches<R extends { slug: string; views: number }> {
  private readonly queued: Waiter<R>[] = [];
  private running = false;

  constructor(
    private readonly pool: Pool,
    private readonly statement: string,
  ) {}

  /** The paste's row after its view was counted, or null when the statement did not take it. */
  count(slug: string): Promise<R | null> {
    return new Promise((resolve, reject) => {
      this.queued.push({ slug, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const waiters = this.queued.splice(0, MAX_BATCH);
    if (waiters.length === 0) return;
    this.running = true;
    void this.run(waiters).finally(() => {
      this.running = false;
      this.next();
    });
  }

  private async run(waiters: Waiter<R>[]): Promise<void> {
    const counts = new Map<string, number>();
    for (const w of waiters) counts.set(w.slug, (counts.get(w.slug) ?? 0) + 1);
    const slugs = [...counts.keys()].sort();
    let rows: R[];
    try {
      rows = await hotQuery<R>(this.pool, {
        name: 'paste-views',
        text: this.statement,
        values: [slugs, pgTime(), slugs.map((slug) => counts.get(slug))],
        types: utcTypes,
      });
    } catch (error) {
      for (const w of waiters) w.reject(error);
      return;
    }
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    // Each of a slug's views in the batch gets a number of its own, as one at a time would.
    const given = new Map<string, number>();
    for (const w of waiters) {
      const row = bySlug.get(w.slug);
      if (!row) {
        w.resolve(null);
        continue;
      }
      const before = given.get(w.slug) ?? 0;
      given.set(w.slug, before + 1);
      w.resolve({ ...row, views: row.views - counts.get(w.slug)! + before + 1 });
    }
  }
}
