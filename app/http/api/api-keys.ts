import { Router } from 'express';
import { createApiKeySchema, updateApiKeySchema } from '~/lib/schemas/api-keys';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from '~/models/accounts/api-keys.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { principalOf, requires } from './principal';
import { presentApiKey, presentS3Credentials } from './presenters/api-keys';
import { regenerateS3Credentials } from '~/models/accounts/s3-credentials.server';

/** Access-key administration (docs/product/api.md §3.2), admin only. */
export function apiKeysRouter(services: Services): Router {
  const router = Router();
  router.use('/admin/api-keys', requires('keys.manage'));

  router.get('/admin/api-keys', async (_req, res) => {
    sendOk(res, apiMessage('keysListed'), (await listApiKeys(services, principalOf(res))).map(presentApiKey));
  });

  router.post('/admin/api-keys', async (req, res) => {
    const key = await createApiKey(services, principalOf(res), createApiKeySchema.parse(req.body ?? {}));
    // docs/product/api.md: HTTP 200 with code 201 in the body.
    sendOk(res, apiMessage('keyCreated'), presentApiKey(key), 201);
  });

  router.put('/admin/api-keys/:id', async (req, res) => {
    await updateApiKey(services, principalOf(res), req.params.id, updateApiKeySchema.parse(req.body ?? {}));
    sendOk(res, apiMessage('keyUpdated'));
  });

  // New S3 credentials (docs/s3.md §2): the old pair stops at once; the new secret is shown this once.
  router.post('/admin/api-keys/:id/s3-credentials', async (req, res) => {
    const credentials = await regenerateS3Credentials(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('keyUpdated'), presentS3Credentials(credentials));
  });

  router.delete('/admin/api-keys/:id', async (req, res) => {
    await deleteApiKey(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('keyDeleted'));
  });

  return router;
}
