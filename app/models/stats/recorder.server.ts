import type { Logger } from '~/log.server';
import { inKeyOrder, PeriodicFlush } from './periodic-flush.server';
import type { StatsWriter } from './stats-writer.server';

export type ShareKind = 'paste' | 'file';
/** A counted view, a download (a paste's raw text, a file's attachment), or a bot's request. */
export type Access = 'view' | 'download' | 'bot';

export interface DayCount {
  kind: ShareKind;
  shareId: string;
  day: string;
  views: number;
  downloads: number;
  bots: number;
  /**
   * Epoch milliseconds, not Dates: a share viewed again replaces its `lastAt`, and a Date put there
   * on each view lived until the next young collection, one per share viewed since: with views
   * spread over 10,000 pastes those collections took longer (bench/scale.bench.mjs). A number field
   * is updated in place.
   */
  firstAt: number;
  lastAt: number;
}

export interface HostCount {
  kind: ShareKind;
  shareId: string;
  host: string;
  visits: number;
}

/**
 * Rows per write. A write holds SQLite's connection and the event loop with it: 50 rows take about
 * 0.5 ms, 300 took 5-10 ms and more when the disk was busy, and at a steady 5,000 views/s over a
 * million pastes those writes made the views' p99 (bench/scale.bench.mjs).
 */
const SLICE = 50;
const FLUSH_MS = 5000;

/**
 * Per-share statistics, counted in memory and added to `share_stats` and `share_referrers` every
 * few seconds (decision 0035): a view on the hot path costs a map update, not a write. A flush that
 * fails keeps its counts for the next one; a shutdown flushes. Replicas each add their own counts
 * (the statements add, never overwrite). A kill -9 loses at most the last few seconds' figures,
 * which are statistics: the view limit itself is counted in the share's row, as before.
 */
export class ShareStatsRecorder extends PeriodicFlush {
  private days = new Map<string, DayCount>();
  private hosts = new Map<string, HostCount>();
  /** The UTC day of the last view, as a number and as its key's text: one string a day, not a view. */
  private dayNumber = NaN;
  private dayText = '';

  constructor(
    private readonly writer: StatsWriter,
    private readonly log: Pick<Logger, 'warn'>,
  ) {
    super(FLUSH_MS);
  }

  /** Counts an access at `at` (epoch milliseconds). */
  add(kind: ShareKind, shareId: string, access: Access, referrerHost: string | null, at = Date.now()): void {
    const one = { views: 0, downloads: 0, bots: 0, [`${access}s`]: 1 };
    this.mergeDay({ kind, shareId, day: this.dayOf(at), ...one, firstAt: at, lastAt: at });
    // Where a visitor came from; a bot's "referrer" is whatever it claims.
    if (referrerHost && access !== 'bot') this.mergeHost({ kind, shareId, host: referrerHost, visits: 1 });
    this.schedule();
  }

  protected async write(): Promise<void> {
    if (this.days.size === 0 && this.hosts.size === 0) return;
    const days = this.days;
    const hosts = this.hosts;
    this.days = new Map();
    this.hosts = new Map();
    // In the order of their keys (kind, share, day or host), the tables' own, a slice at a time
    // with the event loop free between them (inKeyOrder): on SQLite a write holds it, and the rows
    // of 10,000 pastes viewed within one flush, in one transaction, were the paste views' p99
    // (bench/scale.bench.mjs). Each slice adds its rows or none: those of a failed one and of the
    // ones after it go back to be counted with the next flush, so no count is added twice or lost.
    try {
      for await (const slice of inKeyOrder(days, SLICE)) {
        await this.writer.days(slice.map(([, day]) => day));
        for (const [key] of slice) days.delete(key);
      }
      for await (const slice of inKeyOrder(hosts, SLICE)) {
        await this.writer.hosts(slice.map(([, host]) => host));
        for (const [key] of slice) hosts.delete(key);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'Share statistics: could not write them; will retry');
      for (const day of days.values()) this.mergeDay(day);
      for (const host of hosts.values()) this.mergeHost(host);
      this.schedule();
    }
  }

  private dayOf(at: number): string {
    const day = Math.floor(at / 86_400_000);
    if (day !== this.dayNumber) {
      this.dayNumber = day;
      this.dayText = new Date(at).toISOString().slice(0, 10);
    }
    return this.dayText;
  }

  private mergeDay(d: DayCount): void {
    const key = `${d.kind}\n${d.shareId}\n${d.day}`;
    const count = this.days.get(key);
    if (!count) {
      this.days.set(key, { ...d });
      return;
    }
    count.views += d.views;
    count.downloads += d.downloads;
    count.bots += d.bots;
    if (d.firstAt < count.firstAt) count.firstAt = d.firstAt;
    if (d.lastAt > count.lastAt) count.lastAt = d.lastAt;
  }

  private mergeHost(h: HostCount): void {
    const key = `${h.kind}\n${h.shareId}\n${h.host}`;
    const host = this.hosts.get(key);
    if (host) host.visits += h.visits;
    else this.hosts.set(key, { ...h });
  }
}
