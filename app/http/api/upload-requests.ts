import { Router, type Request } from 'express';
import { AppError } from '~/lib/errors';
import { unlockSchema } from '~/lib/schemas/pastes';
import { createRequestSchema } from '~/lib/schemas/requests';
import { receiveFile, visitUploadRequest, type RequestAccess } from '~/models/requests/receive.server';
import {
  closeUploadRequest,
  createUploadRequest,
  deleteUploadRequest,
  getUploadRequest,
  listUploadRequests,
} from '~/models/requests/requests.server';
import type { Services } from '~/services.server';
import { linkOriginOf } from '../link-origin';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { clientAddress, principalOf, requires } from './principal';
import { presentArrival, presentPublicRequest, presentRequest } from './presenters/requests';

/**
 * Who sends a file to a request, from a request's headers: `X-Request-Password` (curl) or
 * `X-Request-Grant` (the page, once unlocked), and `X-Request-Note` (percent-encoded UTF-8).
 */
export function requestAccess(req: Request): RequestAccess {
  const header = (name: string) => req.get(name) || null;
  return { password: header('x-request-password'), grant: header('x-request-grant'), address: clientAddress(req) };
}

export function noteOf(req: Request): string | null {
  const raw = req.get('x-request-note');
  if (!raw) return null;
  try {
    return decodeURIComponent(raw).slice(0, 1000);
  } catch {
    throw new AppError('invalid', 'invalidInput');
  }
}

/** A body's declared length, when the client gave one. */
export function declaredLength(req: Request): number | undefined {
  const value = Number(req.get('content-length'));
  return req.get('content-length') !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The bytes of one file sent to a request: `PUT /api/public/upload-requests/{slug}/files/{name}`
 * (the page's uploader, with progress). Mounted before the JSON body parser: the body streams.
 */
export function requestUploadsRouter(services: Services): Router {
  const router = Router();
  router.put('/public/upload-requests/:slug/files/:name', async (req, res) => {
    const received = await receiveFile(services, req.params.slug, requestAccess(req), {
      name: req.params.name,
      body: req,
      size: declaredLength(req),
      note: noteOf(req),
    });
    sendOk(res, apiMessage('requestFileReceived'), received);
  });
  return router;
}

/** Upload-request links (docs/api-extensions.md §9): the creator's endpoints and the visitor's page data. */
export function uploadRequestsRouter(services: Services): Router {
  const router = Router();
  const origin = (req: Request) => linkOriginOf(req, services.config);

  router.get('/upload-requests', requires('request.manage'), async (req, res) => {
    const requests = await listUploadRequests(services, principalOf(res));
    sendOk(res, apiMessage('requestsListed'), { items: requests.map((r) => presentRequest(r, origin(req))) });
  });

  router.post('/upload-requests', requires('request.manage'), async (req, res) => {
    const input = createRequestSchema.parse(req.body ?? {});
    const created = await createUploadRequest(services, principalOf(res), input);
    sendOk(res, apiMessage('requestCreated'), presentRequest(created, origin(req)), 201);
  });

  router.get('/upload-requests/:id', requires('request.manage'), async (req, res) => {
    const { request, arrivals } = await getUploadRequest(services, principalOf(res), String(req.params.id));
    sendOk(res, apiMessage('requestLoaded'), {
      ...presentRequest(request, origin(req)),
      arrivals: arrivals.map(presentArrival),
    });
  });

  router.post('/upload-requests/:id/close', requires('request.manage'), async (req, res) => {
    await closeUploadRequest(services, principalOf(res), String(req.params.id));
    sendOk(res, apiMessage('requestCloseDone'));
  });

  router.delete('/upload-requests/:id', requires('request.manage'), async (req, res) => {
    await deleteUploadRequest(services, principalOf(res), String(req.params.id));
    sendOk(res, apiMessage('requestDeleted'));
  });

  router.get('/public/upload-requests/:slug', async (req, res) => {
    const visit = await visitUploadRequest(services, req.params.slug, requestAccess(req));
    sendOk(res, apiMessage('requestLoaded'), presentPublicRequest(visit));
  });

  router.post('/public/upload-requests/:slug/verify', async (req, res) => {
    const parsed = unlockSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('invalid', 'passwordRequired');
    const visit = await visitUploadRequest(services, req.params.slug, {
      password: parsed.data.password,
      address: clientAddress(req),
    });
    sendOk(res, apiMessage('passwordVerified'), presentPublicRequest(visit));
  });
  return router;
}
