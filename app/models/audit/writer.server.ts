import type { AuditEventFields } from '~/lib/audit-actions';
import type { Logger } from '~/log.server';

/** One row of `audit_events` as it is written. */
export type AuditRow = AuditEventFields & { at: Date };

/** Rows per INSERT. */
const BATCH = 200;
/** How long events wait to be written together. */
const WRITE_AFTER_MS = 250;
/** Past this many unwritten events the oldest go to the process log instead (a database down for long). */
const MAX_PENDING = 20_000;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 30_000;

/**
 * The audit log's queue (decision 0033): an action adds its event and goes on; the events are
 * written in batches a moment later, off the action's path, so that writing one never fails or slows
 * the action it records. A write that fails (a locked or full database) keeps its events queued and
 * retries with backoff; a shutdown writes what is left. Events that cannot be written at all — the
 * queue full after a long outage, or still failing at shutdown — go to the process log at error
 * level, whole: never dropped silently.
 */
export class AuditWriter {
  private pending: AuditRow[] = [];
  private draining: Promise<void> | null = null;
  private scheduled = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_FIRST_MS;

  constructor(
    private readonly write: (rows: AuditRow[]) => Promise<unknown>,
    private readonly log: Pick<Logger, 'warn' | 'error'>,
  ) {}

  add(row: AuditRow): void {
    if (this.pending.length >= MAX_PENDING) this.spill(this.pending.splice(0, BATCH), 'Audit log: queue full');
    this.pending.push(row);
    this.schedule();
  }

  /** Writes what is queued now; resolves once written, or once a write failed (the events stay queued). */
  async flush(): Promise<void> {
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    await this.drain();
  }

  /** At shutdown: one last write; what still cannot be written goes to the process log. */
  async close(): Promise<void> {
    await this.flush();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.spill(this.pending.splice(0), 'Audit log: not written at shutdown');
  }

  /** Events waiting to be written (the dashboard and tests read it). */
  get queued(): number {
    return this.pending.length;
  }

  private schedule(): void {
    if (this.scheduled || this.retryTimer || this.draining) return;
    this.scheduled = true;
    // A quarter of a second later: a busy server's events go in a few INSERTs a second, not one per
    // action (one per paste halved the create rate, bench/pastes.bench.mjs "create").
    setTimeout(() => {
      this.scheduled = false;
      void this.drain();
    }, WRITE_AFTER_MS).unref();
  }

  private drain(): Promise<void> {
    this.draining ??= this.writeQueued().finally(() => {
      this.draining = null;
      if (this.pending.length > 0 && !this.retryTimer) this.schedule();
    });
    return this.draining;
  }

  private async writeQueued(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.slice(0, BATCH);
      try {
        await this.write(batch);
      } catch (error) {
        this.log.warn({ err: error, queued: this.pending.length }, 'Audit log: could not write events; will retry');
        this.retryLater();
        return;
      }
      this.pending.splice(0, batch.length);
      this.retryMs = RETRY_FIRST_MS;
    }
  }

  private retryLater(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.drain();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private spill(rows: AuditRow[], message: string): void {
    for (const row of rows) this.log.error({ audit: row }, message);
  }
}
