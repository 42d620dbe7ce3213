import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type Response } from 'express';
import { authenticateS3 } from '~/models/accounts/s3-credentials.server';
import { inRequestScope } from '~/models/request-scope.server';
import type { Services } from '~/services.server';
import { clientAddress } from '../api/principal';
import { watchRequestBody } from '../request-body';
import { bucketRequest, serviceRequest } from './buckets';
import { sendS3Error } from './errors';
import { objectRequest } from './objects';
import { targetOf } from './target';

/**
 * The S3 door (docs/s3.md, decision 0040): its own port (S3_PORT), path-style, one bucket per
 * mount's first folder. Every request is signed with an API key's S3 credentials (SigV4, checked by
 * the accounts model) and becomes that key's principal; the models under app/models/fs/s3/ apply
 * the same rules as every other door.
 */
export function s3Door(services: Services): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', services.config.trustProxy);
  app.use((req, res, next) => {
    watchRequestBody(req);
    // The request log's id (server.ts), under S3's name too: one id in the log, the audit and the client.
    const logged = res.getHeader('X-Request-Id');
    const requestId = typeof logged === 'string' ? logged : randomUUID();
    res.setHeader('x-amz-request-id', requestId);
    res.setHeader('Server', 'Cloudclip');
    const scope = {
      requestId,
      address: req.ip ?? null,
      door: 's3' as const,
      userAgent: req.get('user-agent') ?? null,
      referer: null,
      host: req.get('host') ?? null,
    };
    inRequestScope(scope, next);
  });
  app.use((req: Request, res: Response) => {
    answer(services, req, res).catch((error: unknown) => sendS3Error(req, res, error));
  });
  return app;
}

async function answer(services: Services, req: Request, res: Response): Promise<void> {
  const at = targetOf(req);
  const caller = await authenticateS3(services, at.wire, clientAddress(req));
  if (!at.bucket) return serviceRequest(services, req, res, caller);
  if (!at.key) return bucketRequest(services, req, res, at, caller);
  return objectRequest(services, req, res, at, caller);
}
