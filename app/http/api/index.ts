import express, { Router } from 'express';
import type { Services } from '~/services.server';
import { cors } from './cors';
import { errorHandler, notFoundHandler } from './errors';
import { systemRouter } from './system';
import { authRouter } from './auth';
import { apiKeysRouter } from './api-keys';
import { pastesRouter } from './pastes';
import { attachPrincipal } from './principal';

/** Body size for JSON requests; uploads stream and never pass through this parser. */
const JSON_LIMIT = '10mb';

/** The JSON API door: `/api/*` (api.md). Each area is its own router; errors map in one place. */
export function apiRouter(services: Services): Router {
  const router = Router();
  router.use(cors);
  // Parse JSON bodies on every method, DELETE included: the client sends bodies on batch deletes.
  router.use(express.json({ limit: JSON_LIMIT, type: ['application/json', 'application/*+json'] }));
  router.use(systemRouter(services));
  router.use(attachPrincipal(services));
  router.use(authRouter(services));
  router.use(apiKeysRouter(services));
  router.use(pastesRouter(services));
  router.use(notFoundHandler);
  router.use(errorHandler);
  return router;
}
