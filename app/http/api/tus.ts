import type { IncomingMessage } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { EVENTS, Server, type ServerOptions } from '@tus/server';
import { ANONYMOUS, type Principal } from '~/auth/principal';
import { toAppError } from '~/faults';
import { AppError } from '~/lib/errors';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import {
  admitTusUpload,
  assertTusOwner,
  discardTusUpload,
  finishTusUpload,
  tusStore,
} from '~/models/tus/uploads.server';
import type { Services } from '~/services.server';
import { apiMessage, setRetryAfter } from './errors';
import { attachPrincipal, principalOf } from './principal';
import { presentTusResult } from './presenters/tus';

/**
 * tus 1.0 at /api/tus/ (docs/tus.md, decision 0040): the tus project's server (`@tus/server`) speaks
 * the protocol — core, creation, creation-with-upload, termination, expiration — over the staging
 * store of models/tus; its hooks call the model: the target is checked when an upload is created,
 * only its maker may resume or end it, and the finished file is committed through the model.
 * Credentials are the JSON API's (Bearer, ApiKey, Basic); an upload request's visitor needs none.
 */
const callers = new WeakMap<IncomingMessage, { principal: Principal; address: string }>();

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
const callerOf = (req: TusRequest) => {
  const node = (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
  return (node && callers.get(node)) ?? { principal: ANONYMOUS, address: 'unknown' };
};

/** An AppError as tus answers errors: its status, and the API's message. */
function tusError(error: unknown): { status_code: number; body: string } {
  const mapped = toAppError(error);
  if (!(mapped instanceof AppError)) throw error;
  return { status_code: mapped.status, body: `${apiMessage(mapped.messageKey, mapped.details)}\n` };
}
const mapped = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw tusError(error);
  }
};

function tusServer(services: Services): Server {
  const server = new Server({
    path: '/api/tus',
    datastore: tusStore(services),
    respectForwardedHeaders: services.config.trustProxy !== false,
    relativeLocation: true,
    maxSize: () => maxUploadBytes(services),
    onIncomingRequest: async (req, id) => {
      const { principal } = callerOf(req);
      await mapped(() => assertTusOwner(services, principal, id));
    },
    onUploadCreate: async (req, upload) => {
      const { principal, address } = callerOf(req);
      const metadata = await mapped(() =>
        admitTusUpload(services, principal, upload.metadata ?? {}, upload.size ?? Infinity, address),
      );
      return { metadata };
    },
    onUploadFinish: async (req, upload) => {
      const { principal, address } = callerOf(req);
      const result = await mapped(() =>
        finishTusUpload(
          services,
          principal,
          { id: upload.id, size: upload.size ?? 0, metadata: upload.metadata ?? {} },
          address,
        ),
      );
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(presentTusResult(result)),
      };
    },
    onResponseError: (_req, error) => ('status_code' in error ? undefined : tusError(error)),
  });
  // Once the last answer is out, the committed upload's staged copy goes (models/tus).
  server.on(EVENTS.POST_FINISH, (_req: unknown, _res: unknown, upload: { id: string }) => {
    void discardTusUpload(services, upload.id);
  });
  return server;
}

export function tusRouter(services: Services): Router {
  // Made at the first upload: the staging folder is the data folder's (models/tus).
  let server: Server | undefined;
  const router = Router();
  const handle: RequestHandler = (req, res) => {
    server ??= tusServer(services);
    callers.set(req, { principal: principalOf(res), address: req.ip ?? 'unknown' });
    // The tus server reads the whole path (/api/tus/<id>), which Express shortened for this router.
    req.url = req.originalUrl;
    server.handle(req, res).catch((error: unknown) => {
      const answer = toAppError(error);
      if (answer instanceof AppError) setRetryAfter(res, answer);
      if (!res.headersSent) res.status(answer instanceof AppError ? answer.status : 500).end();
      else res.destroy();
    });
  };
  router.use('/tus', attachPrincipal(services));
  router.options('/tus', handle);
  router.options('/tus/:id', handle);
  router.post('/tus', handle);
  router.head('/tus/:id', handle);
  router.patch('/tus/:id', handle);
  router.delete('/tus/:id', handle);
  return router;
}
