/**
 * Directory listings cached per mount for its `cache_ttl` (docs/architecture.md §5), in process.
 * Every write through models/fs invalidates the mount's entries; the counters feed the dashboard
 * and /api/admin/cache/stats.
 */
export interface CacheStats {
  hits: number;
  misses: number;
  expired: number;
  invalidations: number;
  size: number;
}

/** At most this many listings are kept; the oldest go first. */
const MAX_ENTRIES = 2000;

export class DirectoryCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  private readonly counters = { hits: 0, misses: 0, expired: 0, invalidations: 0 };

  private static keyOf(mountId: string, key: string) {
    return `${mountId}\n${key}`;
  }

  get(mountId: string, key: string, now = Date.now()): T | undefined {
    const name = DirectoryCache.keyOf(mountId, key);
    const entry = this.entries.get(name);
    if (!entry) {
      this.counters.misses++;
      return undefined;
    }
    if (entry.expires <= now) {
      this.entries.delete(name);
      this.counters.expired++;
      this.counters.misses++;
      return undefined;
    }
    this.counters.hits++;
    return entry.value;
  }

  set(mountId: string, key: string, value: T, ttlSeconds: number, now = Date.now()): void {
    if (ttlSeconds <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(DirectoryCache.keyOf(mountId, key), { value, expires: now + ttlSeconds * 1000 });
  }

  /** Forgets every listing of a mount (after a write, or when the mount changes); returns how many. */
  invalidateMount(mountId: string): number {
    let removed = 0;
    for (const name of this.entries.keys()) {
      if (name.startsWith(`${mountId}\n`)) {
        this.entries.delete(name);
        removed++;
      }
    }
    this.counters.invalidations++;
    return removed;
  }

  clear(): number {
    const removed = this.entries.size;
    this.entries.clear();
    this.counters.invalidations++;
    return removed;
  }

  stats(): CacheStats {
    return { ...this.counters, size: this.entries.size };
  }
}
