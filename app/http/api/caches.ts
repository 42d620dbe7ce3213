import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { cacheStats, clearCaches } from '~/models/fs/cache.server';
import type { CacheStats } from '~/storage/vfs/dir-cache';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { principalOf, requires } from './principal';

const scopeSchema = z.object({ mountId: z.string().optional(), s3ConfigId: z.string().optional() });

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

/** Clearing caches (admins, and keys for the mounts they see) and their statistics (admins). */
export function cachesRouter(services: Services): Router {
  const router = Router();

  const clear = async (req: Request, res: Response) => {
    const scope = scopeSchema.parse(req.body ?? {});
    const clearedCount = await clearCaches(services, principalOf(res), scope);
    sendOk(res, apiMessage('cacheCleared', { count: clearedCount }), {
      clearedCount,
      timestamp: new Date().toISOString(),
    });
  };
  router.post('/admin/cache/clear', requires('mount.manage'), clear);
  router.post('/user/cache/clear', requires('mount.view'), clear);

  router.get('/admin/cache/stats', requires('mount.manage'), async (_req, res) => {
    const { directory, searchIndexEntries } = await cacheStats(services, principalOf(res));
    const memory = process.memoryUsage();
    sendOk(res, apiMessage('cacheStatsLoaded'), {
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
    });
  });

  return router;
}
