import { Router } from 'express';
import { APP_NAME, APP_VERSION } from '~/lib/version';
import { databaseName } from '~/models/dashboard/environment.server';
import { getSetting } from '~/models/settings/settings.server';
import { readiness } from '~/models/system/readiness.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { openApiDocument } from './openapi/document';

export function systemRouter(services: Services): Router {
  const router = Router();

  // Bare object, no envelope (docs/product/api.md §3.7).
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', timestamp: new Date().toISOString() });
  });

  // Readiness, apart from liveness (docs/deploy.md, "Health checks"): a load balancer stops sending
  // requests here while the database or the default storage cannot be reached. Bare, like /health.
  router.get('/health/ready', async (_req, res) => {
    const state = await readiness(services);
    if (!state.ready) res.status(503).setHeader('Retry-After', '5');
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      status: state.ready ? 'ok' : 'unavailable',
      timestamp: new Date().toISOString(),
      database: state.database,
      storage: state.storage,
    });
  });

  router.get('/version', (_req, res) => {
    sendOk(res, '获取版本信息成功', {
      version: APP_VERSION,
      name: APP_NAME,
      environment: 'Docker',
      storage: databaseName(services),
      nodeVersion: process.version,
      uptime: Math.round((Date.now() - services.startedAt) / 1000),
    });
  });

  router.get('/system/max-upload-size', async (_req, res) => {
    const value = Number.parseInt((await getSetting(services, 'max_upload_size')) ?? '', 10);
    sendOk(res, '获取最大上传文件大小成功', { max_upload_size: Number.isFinite(value) && value > 0 ? value : 100 });
  });

  // The OpenAPI document of this door, generated from the routes' own schemas (docs/architecture.md §14).
  router.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });

  return router;
}
