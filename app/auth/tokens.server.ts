import { hash, randomFillSync, timingSafeEqual } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Bytes drawn from the system's CSPRNG at a time: one call into it serves many tokens. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let taken = 0;

/**
 * `count` (at most POOL_BYTES) random bytes from a pool filled by the CSPRNG, each handed out once —
 * what crypto.randomUUID does with its own cache. A randomBytes call per slug and per request id
 * cost a create of a paste about a tenth of its CPU (bench/writes.bench.mjs). The view is read at
 * once by the caller; a refill makes a new pool, so it never changes under it.
 */
export function pooledRandomBytes(count: number): Buffer {
  if (taken + count > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafeSlow(POOL_BYTES));
    taken = 0;
  }
  taken += count;
  return pool.subarray(taken - count, taken);
}

/** A uniformly random string (rejection sampling: no modulo bias). */
export function randomString(length: number, alphabet = ALPHANUMERIC): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of pooledRandomBytes(length * 2)) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** One-shot (`crypto.hash`): a third of createHash's cost, and every request with a token asks it. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

/** Constant-time equality of two strings (lengths may differ; the comparison still takes the same path). */
export function safeEqual(a: string, b: string): boolean {
  const left = hash('sha256', a, 'buffer');
  const right = hash('sha256', b, 'buffer');
  return timingSafeEqual(left, right) && a.length === b.length;
}
