import type { Db } from '~/db/client.server';
import type { AppError } from '~/lib/errors';
import { guardAttempt, type Admission, type AttemptLimiter } from './rate-limit.server';

/**
 * FailureLimiter's `guard` with the count in the database (`rate_limit_hits`), for replicas sharing
 * one PostgreSQL database (docs/architecture.md §4): a login or share password guessed through any
 * process counts against the same limit. As in memory, the attempt is recorded before the check
 * starts and taken back when it succeeds; counting and recording are one transaction holding an
 * advisory lock on the key, so attempts arriving together at different processes are admitted one
 * at a time.
 */
export class SharedFailureLimiter implements AttemptLimiter {
  constructor(
    private readonly db: Db,
    /** Which limit this is: the first part of every key it stores ("login", "password"). */
    private readonly scope: string,
    readonly maxFailures: number,
    readonly windowMs: number,
  ) {}

  /** Records an attempt unless the limit is reached. */
  private async admit(key: string): Promise<Admission> {
    const now = new Date();
    const admitted = await this.db.$transaction(async (tx): Promise<{ id: number } | { wait: number }> => {
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', key);
      const [recent] = await tx.$queryRawUnsafe<{ n: bigint; oldest: Date | null }[]>(
        'SELECT count(*) AS n, min(at) AS oldest FROM rate_limit_hits WHERE key = $1 AND at > $2::timestamp(3)',
        key,
        new Date(now.getTime() - this.windowMs),
      );
      if (recent && Number(recent.n) >= this.maxFailures && recent.oldest) {
        const wait = Math.ceil((new Date(recent.oldest).getTime() + this.windowMs - now.getTime()) / 1000);
        return { wait: Math.max(1, wait) };
      }
      const [hit] = await tx.$queryRawUnsafe<{ id: number }[]>(
        'INSERT INTO rate_limit_hits (key, at) VALUES ($1, $2::timestamp(3)) RETURNING id',
        key,
        now,
      );
      return { id: hit!.id };
    });
    if ('wait' in admitted) return admitted;
    return { takeBack: () => this.db.$executeRawUnsafe('DELETE FROM rate_limit_hits WHERE id = $1', admitted.id) };
  }

  /** Runs one password check under the limit (guardAttempt, in rate-limit.server.ts). */
  async guard<T>(key: string, check: () => Promise<T | null>, wrong: AppError): Promise<T> {
    return guardAttempt(await this.admit(`${this.scope}\n${key}`), check, wrong);
  }
}

/** Attempts older than any window: the sweeper removes them (models/sweeper.server.ts). */
export async function pruneRateLimitHits(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  return db.rateLimitHit.deleteMany({ where: { at: { lt: new Date(Date.now() - olderThanMs) } } }).then((r) => r.count);
}
