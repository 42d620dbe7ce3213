import { Router } from 'express';
import { z } from 'zod';
import { searchSchema } from '~/lib/schemas/fs';
import { indexStatus, refreshIndex } from '~/models/fs/search/admin.server';
import { SEARCH_PAGE } from '~/lib/explorer';
import { SEARCH_MAX_LIMIT, searchFs } from '~/models/fs/search/search.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { presentIndexStarted } from './presenters/fs-admin';
import { apiMessage } from './errors';
import { nonNegativeInt, positiveInt } from './pagination';
import { presentIndexStatus, presentSearch } from './presenters/fs-search';
import { principalOf } from './principal';

const refreshSchema = z.object({ mode: z.enum(['update', 'rebuild'], { message: 'indexModeInvalid' }) });

/**
 * Search over mounted storage (docs/product/api.md §3.10 fs/search) and the index behind it
 * (ours, docs/api-extensions.md): its status per mount and a rescan or rebuild on demand.
 */
export function fsSearchRouter(services: Services): Router {
  const router = Router();

  router.get('/fs/search', async (req, res) => {
    const input = searchSchema.parse(req.query);
    // 50 by default, at most 200; a limit or offset that is not a number falls back (docs/product/api.md §1.7).
    const limit = positiveInt(req.query.limit, SEARCH_PAGE, SEARCH_MAX_LIMIT);
    const offset = nonNegativeInt(req.query.offset);
    const found = await searchFs(services, principalOf(res), {
      query: input.q,
      scope: input.scope,
      mountId: input.mount_id,
      path: input.path,
      limit,
      offset,
    });
    sendOk(res, apiMessage('searchDone'), presentSearch(found, { ...input, limit, offset }));
  });

  router.get('/admin/fs-index', async (_req, res) => {
    sendOk(res, apiMessage('indexStatusLoaded'), presentIndexStatus(await indexStatus(services, principalOf(res))));
  });

  router.post('/admin/fs-index/:mountId', async (req, res) => {
    const { mode } = refreshSchema.parse(req.body ?? {});
    await refreshIndex(services, principalOf(res), req.params.mountId, mode);
    sendOk(res, apiMessage('indexStarted'), presentIndexStarted(req.params.mountId, mode), 202);
  });

  return router;
}
