import { Router } from 'express';
import { getEntry, listDirectory, openFsFile } from '~/models/fs/browse.server';
import type { Services } from '~/services.server';
import { streamFile } from '../serve-file.server';
import { linkOriginOf } from '../link-origin';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { sendPlainError } from './plain-errors';
import { presentItem, presentListing } from './presenters/fs';
import { principalOf } from './principal';
import { holdStreamSlot } from './stream-slots';

const pathOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The virtual filesystem API over mounts (docs/product/api.md §3.10): browsing for now — list, get
 * and download. The models check the permission bit and the key's base path.
 */
export function fsRouter(services: Services): Router {
  const router = Router();

  router.get('/fs/list', async (req, res) => {
    const listing = await listDirectory(services, principalOf(res), pathOf(req.query.path));
    sendOk(res, apiMessage('fsListed'), presentListing(listing));
  });

  router.get('/fs/get', async (req, res) => {
    const item = await getEntry(services, principalOf(res), pathOf(req.query.path), linkOriginOf(req, services.config));
    sendOk(res, apiMessage('fsLoaded'), presentItem(item));
  });

  router.get('/fs/download', async (req, res) => {
    try {
      holdStreamSlot(services.downloadStreams, req, res);
      const bytes = await openFsFile(services, principalOf(res), pathOf(req.query.path));
      await streamFile(res, bytes, {
        disposition: 'attachment',
        range: req.get('range'),
        headOnly: req.method === 'HEAD',
      });
    } catch (error) {
      await sendPlainError(req, res, error);
    }
  });

  return router;
}
