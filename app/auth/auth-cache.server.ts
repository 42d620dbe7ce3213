/**
 * A few seconds of memory for credential look-ups (sessions, API keys): an authenticated API call
 * otherwise costs up to three database queries before any work. Every change that could make a
 * cached answer wrong (logout, password change, key edit or delete) clears the cache at once, and
 * entries carry their own expiry, so the cache can only ever be a few seconds behind a row's
 * natural expiry, never behind a revocation.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  cachedAt: number;
}

export class AuthCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  get(key: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.cachedAt > TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T, now = Date.now()): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, cachedAt: now });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

const all: AuthCache<unknown>[] = [];

export function authCache<T>(): AuthCache<T> {
  const cache = new AuthCache<T>();
  all.push(cache as AuthCache<unknown>);
  return cache;
}

/** Forget every cached credential: after any revocation or permission change. */
export function clearAuthCaches(): void {
  for (const cache of all) cache.clear();
}
