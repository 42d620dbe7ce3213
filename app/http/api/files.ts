import { Router } from 'express';
import { batchDeleteFilesSchema, bundleSchema, updateFileSchema } from '~/lib/schemas/files';
import { bundleUploads } from '~/models/shares/create/bundles.server';
import { deleteFiles, getOwnedFile, listFiles, updateFile } from '~/models/shares/manage/files-admin.server';
import { shareLinks } from '~/models/shares/visit/content-access.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { filePagination } from './pagination';
import { apiMessage } from './errors';
import { linkOriginOf } from '../link-origin';
import { presentBundle, presentFileRecord, presentFilesDeleted, presentOwnedFile } from './presenters/files';
import { presentFilesKeyInfo } from './presenters/key-info';
import { principalOf, requires } from './principal';

/** Share records for their owners and admins (docs/product/api.md §3.4 /files*). */
export function filesRouter(services: Services): Router {
  const router = Router();
  router.use('/files', requires('file.manage'));

  router.get('/files', async (req, res) => {
    const principal = principalOf(res);
    const forKey = principal.kind === 'apikey';
    const page = filePagination(req.query, forKey);
    const { files, total } = await listFiles(services, principal, {
      ...page.query,
      search: typeof req.query.search === 'string' ? req.query.search : undefined,
      createdBy: typeof req.query.created_by === 'string' ? req.query.created_by : undefined,
    });
    const data = { files: files.map(presentFileRecord), pagination: page.describe(total) };
    sendOk(res, apiMessage('filesListed'), data, 200, presentFilesKeyInfo(principal));
  });

  router.delete('/files/batch-delete', async (req, res) => {
    const { ids, delete_mode } = batchDeleteFilesSchema.parse(req.body ?? {});
    const result = await deleteFiles(services, principalOf(res), ids, delete_mode);
    const message = apiMessage('filesDeleted', { success: result.success, failed: result.failed.length });
    sendOk(res, message, presentFilesDeleted(result));
  });

  // Ours (docs/api-extensions.md §10): uploads just made become one link.
  router.post('/files/bundle', async (req, res) => {
    const { ids, ...options } = bundleSchema.parse(req.body ?? {});
    const bundle = await bundleUploads(services, principalOf(res), ids, options);
    sendOk(res, apiMessage('bundleCreated'), presentBundle(bundle), 201);
  });

  router.get('/files/:id', async (req, res) => {
    const principal = principalOf(res);
    const file = await getOwnedFile(services, principal, req.params.id);
    const urls = await shareLinks(services, file, linkOriginOf(req, services.config));
    sendOk(res, apiMessage('fileLoaded'), presentOwnedFile(file, urls));
  });

  router.put('/files/:id', async (req, res) => {
    await updateFile(services, principalOf(res), req.params.id, updateFileSchema.parse(req.body ?? {}));
    sendOk(res, apiMessage('fileUpdated'));
  });

  return router;
}
