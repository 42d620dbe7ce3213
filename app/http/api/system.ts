import { Router } from 'express';
import { databaseName } from '~/models/dashboard/environment.server';
import { getSetting } from '~/models/settings/settings.server';
import { readiness } from '~/models/system/readiness.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { openApiDocument } from './openapi/document';
import { presentHealth, presentMaxUploadSize, presentReadiness, presentVersion } from './presenters/system';

export function systemRouter(services: Services): Router {
  const router = Router();

  // Bare object, no envelope (docs/product/api.md §3.7).
  router.get('/health', (_req, res) => {
    res.json(presentHealth());
  });

  // Readiness, apart from liveness (docs/deploy.md, "Health checks"): a load balancer stops sending
  // requests here while the database or the default storage cannot be reached. Bare, like /health.
  router.get('/health/ready', async (_req, res) => {
    const state = await readiness(services);
    if (!state.ready) res.status(503).setHeader('Retry-After', '5');
    res.setHeader('Cache-Control', 'no-store');
    res.json(presentReadiness(state));
  });

  router.get('/version', (_req, res) => {
    sendOk(res, '获取版本信息成功', presentVersion(databaseName(services), services.startedAt));
  });

  router.get('/system/max-upload-size', async (_req, res) => {
    const value = Number.parseInt((await getSetting(services, 'max_upload_size')) ?? '', 10);
    sendOk(res, '获取最大上传文件大小成功', presentMaxUploadSize(value));
  });

  // The OpenAPI document of this door, generated from the routes' own schemas (docs/architecture.md §14).
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });

  return router;
}
