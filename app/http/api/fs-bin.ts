import { Router } from 'express';
import { z } from 'zod';
import { emptyBin, listBin, purgeFromBin, restoreFromBin } from '~/models/fs/bin/manage.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { presentPurged } from './presenters/fs-admin';
import { apiMessage } from './errors';
import { principalOf } from './principal';

const purgeSchema = z.object({ ids: z.array(z.string().min(1)).min(1, 'binIdsRequired').max(1000) });

/**
 * The recycle bin for scripts (ours, docs/api-extensions.md §14; issue 42, item 15):
 * what was deleted or replaced in mounted storage, under a folder, restored or deleted for good.
 */
export function fsBinRouter(services: Services): Router {
  const router = Router();

  router.get('/fs/bin', async (req, res) => {
    const under = typeof req.query.path === 'string' ? req.query.path : undefined;
    sendOk(res, apiMessage('binListed'), await listBin(services, principalOf(res), { under }));
  });

  router.post('/fs/bin/:id/restore', async (req, res) => {
    sendOk(res, apiMessage('binRestored'), await restoreFromBin(services, principalOf(res), req.params.id));
  });

  router.post('/fs/bin/purge', async (req, res) => {
    const { ids } = purgeSchema.parse(req.body ?? {});
    sendOk(res, apiMessage('binPurged'), presentPurged(await purgeFromBin(services, principalOf(res), ids)));
  });

  router.post('/fs/bin/empty', async (_req, res) => {
    sendOk(res, apiMessage('binPurged'), presentPurged(await emptyBin(services, principalOf(res))));
  });

  return router;
}
