import { logOf } from '~/log.server';

/** Aborting the parts of a failed write while S3 is away: the first retry soon, then every 30 s. */
const ABORT_RETRY_MS = { first: 5_000, then: 30_000 };

/**
 * The multipart uploads of failed writes whose abort has yet to reach S3 (s3.server.ts): aborted
 * at once, so no half object waits a day for the janitor, or, when S3 is what failed, retried until
 * it answers again, and the log says so.
 */
export class AbortRetries {
  /** Upload id → key. */
  private readonly unaborted = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly abort: (key: string, uploadId: string) => Promise<void>) {}

  async afterFailedWrite(key: string, uploadId: string): Promise<void> {
    try {
      await this.abort(key, uploadId);
    } catch {
      if (!this.unaborted.has(uploadId))
        logOf().error({ key }, 'S3 did not answer: the parts of a failed write will be aborted once it does');
      this.unaborted.set(uploadId, key);
      this.retry(ABORT_RETRY_MS.first);
    }
  }

  private retry(delay: number): void {
    if (this.timer) return;
    this.timer = setTimeout(async () => {
      for (const [uploadId, key] of [...this.unaborted]) {
        try {
          await this.abort(key, uploadId);
          this.unaborted.delete(uploadId);
          logOf().info({ key }, 'S3 answers again: aborted the parts of a failed write');
        } catch {
          // Still away: the next round tries again.
        }
      }
      this.timer = null;
      if (this.unaborted.size) this.retry(ABORT_RETRY_MS.then);
    }, delay).unref();
  }
}
