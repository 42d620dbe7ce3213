import type { CacheStats } from '~/storage/vfs/dir-cache';

/** The wire shapes of the cache endpoints (docs/product/api.md §3.8). */

const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 100) / 100;

/** A cache's statistics in the shape the v0.7.3 dashboard reads (docs/product/api.md §3.8). */
function presentStats(name: string, s: CacheStats) {
  const lookups = s.hits + s.misses;
  return {
    name,
    hits: s.hits,
    misses: s.misses,
    expired: s.expired,
    invalidations: s.invalidations,
    pruned: 0,
    cacheSize: s.size,
    hitRate: lookups ? s.hits / lookups : 0,
  };
}

/** Presigned URLs are not cached; the search index is persistent and counts its entries only. */
const NONE: CacheStats = { hits: 0, misses: 0, expired: 0, invalidations: 0, size: 0 };

export const presentCleared = (clearedCount: number) => ({ clearedCount, timestamp: new Date().toISOString() });

/** The dashboard's cache panel: the listing cache, the search index's size and the process's memory. */
export function presentCacheStats(directory: CacheStats, searchIndexEntries: number) {
  const memory = process.memoryUsage();
  return {
    cache: {
      directory: presentStats('directory', directory),
      s3Url: presentStats('s3Url', NONE),
      search: presentStats('search', { ...NONE, size: searchIndexEntries }),
    },
    system: {
      memory: {
        rss: mb(memory.rss),
        heapTotal: mb(memory.heapTotal),
        heapUsed: mb(memory.heapUsed),
        external: mb(memory.external),
        arrayBuffers: mb(memory.arrayBuffers),
        heapUsagePercent: Math.round((memory.heapUsed / memory.heapTotal) * 100),
      },
      uptime: Math.round(process.uptime()),
    },
    timestamp: new Date().toISOString(),
  };
}
