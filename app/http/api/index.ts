import express, { Router, type RequestHandler } from 'express';
import type { Services } from '~/services.server';
import { apiKeysRouter } from './api-keys';
import { authRouter } from './auth';
import { usersRouter } from './users';
import { cors } from './cors';
import { directUploadsRouter } from './direct-uploads';
import { sendError } from './envelope';
import { apiMessage, errorHandler, notFoundHandler } from './errors';
import { filesRouter } from './files';
import { localStorageRouter } from './local-storage';
import { pastesRouter } from './pastes';
import { attachPrincipal } from './principal';
import { tusRouter } from './tus';
import { publicFilesRouter } from './public-files';
import { settingsRouter } from './settings';
import { drainThenClose } from '../close-after';
import { cachesRouter } from './caches';
import { dashboardRouter } from './dashboard';
import { fsRouter } from './fs';
import { fsArchiveRouter } from './fs-archive';
import { fsSearchRouter } from './fs-search';
import { fsTasksRouter } from './fs-tasks';
import { fsBinRouter } from './fs-bin';
import { mountsRouter } from './mounts';
import { storageConfigsRouter } from './storage-configs';
import { systemRouter } from './system';
import { uploadsRouter } from './uploads';
import { requestUploadsRouter, uploadRequestsRouter } from './upload-requests';
import { urlFetchRouter } from './url-fetch';
import { urlUploadsRouter } from './url-uploads';
import { JSON_LIMIT_BYTES } from './json-limit';

const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * A JSON body declared larger than the limit is refused at once, and the connection closed after a
 * bounded drain: the body parser would answer only after reading the whole declared body (10 GB, or never).
 */
const refuseOversizedJson: RequestHandler = (req, res, next) => {
  const declared = Number(req.get('content-length'));
  if (!(declared > JSON_LIMIT_BYTES) || !req.is(JSON_TYPES)) return next();
  drainThenClose(req, res);
  sendError(res, 413, apiMessage('bodyTooLarge'), { key: 'bodyTooLarge' });
};

/**
 * The JSON API door: `/api/*` (docs/product/api.md). Each area is its own router; errors map in one place.
 * Routes that stream request bodies (uploads, local storage PUTs) come before the JSON parser.
 */
export function apiRouter(services: Services): Router {
  const router = Router();
  // tus answers its own OPTIONS and CORS (Tus-Version, the extensions), so it comes before ours.
  router.use(tusRouter(services));
  router.use(cors);
  router.use(systemRouter(services));
  router.use(localStorageRouter(services, services.downloadStreams));
  router.use(attachPrincipal(services));
  router.use(uploadsRouter(services));
  router.use(requestUploadsRouter(services));
  // Parse JSON bodies on every method, DELETE included: the client sends bodies on batch deletes.
  router.use(refuseOversizedJson, express.json({ limit: JSON_LIMIT_BYTES, type: JSON_TYPES }));
  router.use(authRouter(services));
  router.use(apiKeysRouter(services));
  router.use(usersRouter(services));
  router.use(pastesRouter(services));
  router.use(storageConfigsRouter(services));
  router.use(mountsRouter(services));
  router.use(fsRouter(services));
  router.use(fsSearchRouter(services));
  router.use(fsArchiveRouter(services));
  router.use(fsTasksRouter(services));
  router.use(fsBinRouter(services));
  router.use(cachesRouter(services));
  router.use(dashboardRouter(services));
  router.use(settingsRouter(services));
  router.use(filesRouter(services));
  router.use(directUploadsRouter(services));
  router.use(publicFilesRouter(services));
  router.use(uploadRequestsRouter(services));
  router.use(urlFetchRouter(services));
  router.use(urlUploadsRouter(services));
  router.use(notFoundHandler);
  router.use(errorHandler);
  return router;
}
