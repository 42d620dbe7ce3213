import { Router } from 'express';
import { createStorageConfigSchema, updateStorageConfigSchema } from '~/lib/schemas/storage-configs';
import {
  createStorageConfig,
  deleteStorageConfig,
  getStorageConfig,
  listStorageConfigs,
  setDefaultStorageConfig,
  updateStorageConfig,
} from '~/models/storage/configs.server';
import { testStorageConfig } from '~/models/storage/test.server';
import { translate } from '~/i18n/translate';
import { translateReport } from '~/lib/storage-test';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { presentStorageConfig } from './presenters/storage-configs';
import { API_LOCALE, apiMessage } from './errors';
import { principalOf } from './principal';

/** Storage configurations, at the v0.7.3 path /s3-configs (docs/product/api.md §3.5). Secrets never go out. */
export function storageConfigsRouter(services: Services): Router {
  const router = Router();

  router.get('/s3-configs', async (_req, res) => {
    const configs = await listStorageConfigs(services, principalOf(res));
    sendOk(res, apiMessage('storageListed'), configs.map(presentStorageConfig));
  });

  router.post('/s3-configs', async (req, res) => {
    const config = await createStorageConfig(
      services,
      principalOf(res),
      createStorageConfigSchema.parse(req.body ?? {}),
    );
    sendOk(res, apiMessage('storageCreated'), presentStorageConfig(config), 201);
  });

  router.get('/s3-configs/:id', async (req, res) => {
    sendOk(
      res,
      apiMessage('storageLoaded'),
      presentStorageConfig(await getStorageConfig(services, principalOf(res), req.params.id)),
    );
  });

  router.put('/s3-configs/:id', async (req, res) => {
    await updateStorageConfig(
      services,
      principalOf(res),
      req.params.id,
      updateStorageConfigSchema.parse(req.body ?? {}),
    );
    sendOk(res, apiMessage('storageUpdated'));
  });

  router.delete('/s3-configs/:id', async (req, res) => {
    await deleteStorageConfig(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('storageDeleted'));
  });

  router.put('/s3-configs/:id/set-default', async (req, res) => {
    await setDefaultStorageConfig(services, principalOf(res), req.params.id);
    sendOk(res, apiMessage('storageDefaultSet'));
  });

  router.post('/s3-configs/:id/test', async (req, res) => {
    const report = await testStorageConfig(services, principalOf(res), req.params.id, req.get('origin') ?? null);
    const outcome = translateReport(report, (key, params) => translate(API_LOCALE, key, params));
    // The test ran, so it answers 200 with its report, failed checks included (docs/product/api.md
    // §3.5: `data.success` says how it went); a test that cannot run at all is an error as usual.
    sendOk(res, outcome.result.globalNote, outcome);
  });

  return router;
}
