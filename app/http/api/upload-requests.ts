import { Router, type Request } from 'express';
import { AppError } from '~/lib/errors';
import { unlockSchema } from '~/lib/schemas/pastes';
import {
  createRequestSchema,
  requestPartsCompleteSchema,
  requestPartsRefSchema,
  requestPartsStartSchema,
  updateRequestSchema,
} from '~/lib/schemas/requests';
import {
  abortRequestUpload,
  completeRequestUpload,
  resumeRequestUpload,
  startRequestUpload,
} from '~/models/requests/parts.server';
import { receiveFile, visitUploadRequest } from '~/models/requests/receive.server';
import {
  closeUploadRequest,
  createUploadRequest,
  deleteUploadRequest,
  getUploadRequest,
  listUploadRequests,
  updateUploadRequest,
} from '~/models/requests/requests.server';
import type { Services } from '~/services.server';
import { linkOriginOf } from '../link-origin';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { clientAddress, principalOf, requires } from './principal';
import { requestBody } from '../request-body';
import {
  presentPublicRequest,
  presentRequest,
  presentRequestDetail,
  presentRequestList,
  presentRequestParts,
} from './presenters/requests';
import { declaredLength, noteOf, requestAccess } from './request-headers';

/**
 * The bytes of one file sent to a request: `PUT /api/public/upload-requests/{slug}/files/{name}`
 * (the page's uploader, with progress). Mounted before the JSON body parser: the body streams.
 */
export function requestUploadsRouter(services: Services): Router {
  const router = Router();
  router.put('/public/upload-requests/:slug/files/:name', async (req, res) => {
    const body = requestBody(req);
    const received = await receiveFile(services, req.params.slug, requestAccess(req), {
      name: req.params.name,
      body,
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
    sendOk(res, apiMessage('requestsListed'), presentRequestList(requests, origin(req)));
  });

  router.post('/upload-requests', requires('request.manage'), async (req, res) => {
    const input = createRequestSchema.parse(req.body ?? {});
    const created = await createUploadRequest(services, principalOf(res), input);
    sendOk(res, apiMessage('requestCreated'), presentRequest(created, origin(req)), 201);
  });

  router.get('/upload-requests/:id', requires('request.manage'), async (req, res) => {
    const { request, arrivals } = await getUploadRequest(services, principalOf(res), String(req.params.id));
    sendOk(res, apiMessage('requestLoaded'), presentRequestDetail(request, arrivals, origin(req)));
  });

  router.patch('/upload-requests/:id', requires('request.manage'), async (req, res) => {
    const id = String(req.params.id);
    await updateUploadRequest(services, principalOf(res), id, updateRequestSchema.parse(req.body ?? {}));
    const { request } = await getUploadRequest(services, principalOf(res), id);
    sendOk(res, apiMessage('requestSaved'), presentRequest(request, origin(req)));
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

  // A big file in parts (resumable): start, resume after a pause or a reload, complete, abort.
  router.post('/public/upload-requests/:slug/parts', async (req, res) => {
    const input = requestPartsStartSchema.parse(req.body ?? {});
    const started = await startRequestUpload(services, req.params.slug, requestAccess(req), {
      name: input.name,
      size: input.size,
      partSize: input.part_size,
      note: input.note,
    });
    sendOk(res, apiMessage('multipartInitialized'), presentRequestParts(started, started.uploadId, origin(req)));
  });

  router.post('/public/upload-requests/:slug/parts/resume', async (req, res) => {
    const { upload_id } = requestPartsRefSchema.parse(req.body ?? {});
    const resumed = await resumeRequestUpload(services, req.params.slug, requestAccess(req), upload_id);
    sendOk(res, apiMessage('multipartResumed'), presentRequestParts(resumed, upload_id, origin(req)));
  });

  router.post('/public/upload-requests/:slug/parts/complete', async (req, res) => {
    const { upload_id, parts: sent } = requestPartsCompleteSchema.parse(req.body ?? {});
    const received = await completeRequestUpload(services, req.params.slug, requestAccess(req), {
      uploadId: upload_id,
      parts: sent,
    });
    sendOk(res, apiMessage('requestFileReceived'), received);
  });

  router.post('/public/upload-requests/:slug/parts/abort', async (req, res) => {
    const { upload_id } = requestPartsRefSchema.parse(req.body ?? {});
    await abortRequestUpload(services, req.params.slug, requestAccess(req), upload_id);
    sendOk(res, apiMessage('multipartAborted'));
  });
  return router;
}
