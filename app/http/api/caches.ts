import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { cacheStats, clearCaches } from '~/models/fs/cache.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { principalOf, requires } from './principal';
import { presentCacheStats, presentCleared } from './presenters/caches';

const scopeSchema = z.object({ mountId: z.string().optional(), s3ConfigId: z.string().optional() });

/** Clearing caches (admins, and keys for the mounts they see) and their statistics (admins). */
export function cachesRouter(services: Services): Router {
  const router = Router();

  const clear = async (req: Request, res: Response) => {
    const scope = scopeSchema.parse(req.body ?? {});
    const clearedCount = await clearCaches(services, principalOf(res), scope);
    sendOk(res, apiMessage('cacheCleared', { count: clearedCount }), presentCleared(clearedCount));
  };
  router.post('/admin/cache/clear', requires('mount.manage'), clear);
  router.post('/user/cache/clear', requires('mount.view'), clear);

  router.get('/admin/cache/stats', requires('mount.manage'), async (_req, res) => {
    const { directory, searchIndexEntries } = await cacheStats(services, principalOf(res));
    sendOk(res, apiMessage('cacheStatsLoaded'), presentCacheStats(directory, searchIndexEntries));
  });

  return router;
}
