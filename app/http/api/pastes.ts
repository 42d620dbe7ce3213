import { Router, type Request, type Response } from 'express';
import { AppError } from '~/lib/errors';
import { batchDeleteSchema, createPasteSchema, unlockSchema, updatePasteSchema } from '~/lib/schemas/pastes';
import {
  clearExpiredPastes,
  createPaste,
  deletePastes,
  getPasteForOwner,
  updatePaste,
} from '~/models/pastes/pastes.server';
import { rawPaste, unlockPaste, viewPaste } from '~/models/pastes/reads.server';
import { listPastes } from '~/models/pastes/list.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import {
  presentCreatedPaste,
  presentLockedPaste,
  presentOwnedPaste,
  presentPasteList,
  presentUnlockedPaste,
  presentUnlockedView,
} from './presenters/pastes';
import { apiMessage } from './errors';
import { sendPlainError } from './plain-errors';
import { clientAddress, principalOf } from './principal';
import { pastePagination } from './pagination';

/** Text pastes (docs/product/api.md §3.3). */
export function pastesRouter(services: Services): Router {
  const router = Router();

  router.post('/paste', async (req, res) => {
    const input = createPasteSchema.parse(req.body ?? {});
    const principal = principalOf(res);
    const paste = await createPaste(services, principal, input);
    // Bare object, no envelope (docs/product/api.md §3.3).
    res.json(presentCreatedPaste(paste, input, principal));
  });

  router.get('/paste/:slug', async (req, res) => {
    const result = await viewPaste(services, req.params.slug);
    if (result.locked) return res.json(presentLockedPaste(result.paste));
    res.json(presentUnlockedView(result.paste));
  });

  router.post('/paste/:slug', async (req, res) => {
    const parsed = unlockSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('invalid', 'passwordRequired');
    const p = await unlockPaste(services, req.params.slug, parsed.data.password, clientAddress(req));
    res.json(presentUnlockedPaste(p));
  });

  router.get('/raw/:slug', async (req, res) => {
    const password = typeof req.query.password === 'string' ? req.query.password : null;
    try {
      const p = await rawPaste(services, req.params.slug, password, clientAddress(req));
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Content-Disposition', `inline; filename="${p.slug}.txt"`);
      res.setHeader('Cache-Control', 'no-store');
      res.send(p.content);
    } catch (error) {
      // Errors are plain text here too (docs/product/api.md §3.3).
      await sendPlainError(req, res, error);
    }
  });

  router.get('/pastes', async (req, res) => {
    const principal = principalOf(res);
    const page = pastePagination(req.query, principal.kind === 'apikey');
    const { items, total } = await listPastes(services, principal, {
      ...page.query,
      search: typeof req.query.search === 'string' ? req.query.search : undefined,
      createdBy: typeof req.query.created_by === 'string' ? req.query.created_by : undefined,
    });
    const list = presentPasteList(items, principal, page.describe(total));
    sendOk(res, apiMessage('pastesListed'), list.data, 200, list.beside);
  });

  router.delete('/pastes/batch-delete', async (req, res) => {
    const { ids } = batchDeleteSchema.parse(req.body ?? {});
    const count = await deletePastes(services, principalOf(res), ids);
    sendOk(res, apiMessage('pastesDeleted', { count }));
  });

  const clearExpired = async (_req: Request, res: Response) => {
    const count = await clearExpiredPastes(services, principalOf(res));
    sendOk(res, apiMessage('pastesCleared', { count }));
  };
  router.post('/pastes/clear-expired', clearExpired);
  // The v0.7.3 client's systemService points here (docs/product/api.md §3.3): an alias.
  router.post('/admin/pastes/clear-expired', clearExpired);

  router.get('/pastes/:id', async (req, res) => {
    const principal = principalOf(res);
    const p = await getPasteForOwner(services, principal, { id: req.params.id });
    sendOk(res, apiMessage('pasteLoaded'), presentOwnedPaste(p));
  });

  router.put('/pastes/:slug', async (req, res) => {
    const input = updatePasteSchema.parse(req.body ?? {});
    sendOk(res, apiMessage('pasteUpdated'), await updatePaste(services, principalOf(res), req.params.slug, input));
  });

  return router;
}
