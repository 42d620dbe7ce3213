import { AppError } from '~/lib/errors';

/** What the password checks need of a limiter: FailureLimiter here, or SharedFailureLimiter across replicas. */
export interface AttemptLimiter {
  guard<T>(key: string, check: () => Promise<T | null>, wrong: AppError): Promise<T>;
}

/** An attempt a limiter counted, with the way to take it back; or the seconds to wait instead. */
export type Admission = { wait: number } | { takeBack: () => unknown };

/**
 * Runs one password check under a limit, for both limiters. The attempt was counted as a failure
 * before the check starts (`admission`), so guesses sent at the same moment cannot all be checked
 * while the count still looks low; a check that succeeds (or fails for another reason than a wrong
 * password) takes its count back. `check` resolves to null for a wrong password, which is answered
 * with `wrong`.
 */
export async function guardAttempt<T>(
  admission: Admission,
  check: () => Promise<T | null>,
  wrong: AppError,
): Promise<T> {
  if ('wait' in admission) throw new AppError('rate_limited', 'tooManyAttempts', { seconds: admission.wait });
  let result: T | null;
  try {
    result = await check();
  } catch (error) {
    await admission.takeBack();
    throw error;
  }
  if (result === null) throw wrong;
  await admission.takeBack();
  return result;
}

/**
 * Counts failures per key (a client address) in a sliding window and refuses further attempts once
 * the limit is reached, until the oldest failure leaves the window. In memory: on SQLite one process
 * serves one install, and a restart forgetting the counts is harmless. Replicas on PostgreSQL count
 * password attempts in the database instead (shared-limiter.server.ts).
 */
export class FailureLimiter implements AttemptLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly maxFailures: number,
    readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Seconds until another attempt is allowed, or 0 when it is allowed now. */
  retryAfter(key: string, now = Date.now()): number {
    const times = this.recent(key, now);
    const oldest = times[0];
    if (times.length < this.maxFailures || oldest === undefined) return 0;
    return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
  }

  fail(key: string, now = Date.now()): void {
    const times = this.recent(key, now);
    times.push(now);
    this.failures.set(key, times);
    if (this.failures.size > 10_000) this.prune(now);
  }

  /** Runs one password check under the limit (guardAttempt). */
  async guard<T>(key: string, check: () => Promise<T | null>, wrong: AppError): Promise<T> {
    return guardAttempt(this.admit(key), check, wrong);
  }

  /** Counts an attempt now, unless the limit is reached. */
  private admit(key: string): Admission {
    const wait = this.retryAfter(key);
    if (wait > 0) return { wait };
    const stamp = Date.now();
    this.fail(key, stamp);
    return { takeBack: () => this.forget(key, stamp) };
  }

  /** Takes back one counted attempt (the one stamped `stamp`). */
  private forget(key: string, stamp: number): void {
    const times = this.failures.get(key);
    const index = times?.indexOf(stamp) ?? -1;
    if (times && index >= 0) times.splice(index, 1);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}

/**
 * The login limit counts failures per client address and account name, so strangers guessing at
 * other names (or at API keys) from the same address — everyone behind one proxy when TRUST_PROXY
 * is off — cannot lock an admin out; guesses at one name are limited all the same.
 */
export function loginAttemptKey(address: string, username: string | null): string {
  return `${address}\n${username ?? '(api key)'}`;
}

/** At most `max` pieces of work at once; `enter` says whether one more may start. */
export class ConcurrencyGate {
  private running = 0;

  constructor(readonly max: number) {}

  /** A release function when there is room (call it once the work is over), else null. */
  enter(): (() => void) | null {
    if (this.running >= this.max) return null;
    this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
    };
  }
}

/** At most `max` pieces of work at once per key (a client address); `enter` as in ConcurrencyGate. */
export class KeyedConcurrencyGate {
  private readonly running = new Map<string, number>();

  constructor(readonly max: number) {}

  enter(key: string): (() => void) | null {
    const count = this.running.get(key) ?? 0;
    if (count >= this.max) return null;
    this.running.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
    };
  }
}

/** "10/900" → 10 failures per 900 s; the default suits a login form. */
export function parseLimit(spec: string | undefined, fallback = { max: 10, windowSeconds: 900 }) {
  const match = /^(\d+)\/(\d+)$/.exec(spec ?? '');
  if (!match) return fallback;
  return { max: Math.max(1, Number(match[1])), windowSeconds: Math.max(1, Number(match[2])) };
}
