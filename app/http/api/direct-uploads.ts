import { Router, type Request } from 'express';
import {
  cancelSchema,
  commitSchema,
  multipartCompleteSchema,
  multipartInitSchema,
  multipartRefSchema,
  presignSchema,
} from '~/lib/schemas/files';
import {
  cancelUpload,
  commitUpload,
  completeMultipartUpload,
  initMultipartUpload,
  presignUpload,
  resumeMultipartUpload,
} from '~/models/shares/create/direct-uploads.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { linkOriginOf } from '../link-origin';
import { presentCommittedShare } from './presenters/files';
import {
  presentAborted,
  presentCancelled,
  presentMultipartResumed,
  presentMultipartStarted,
  presentPresigned,
} from './presenters/uploads';
import { principalOf, requires } from './principal';

/**
 * Browser uploads straight to storage (docs/product/api.md §3.4 s3/presign + s3/commit; the multipart and
 * cancel endpoints are ours: v0.7.3 had no resumable share upload). Works for S3 and local disk
 * alike: the local driver's "presigned" URLs point back at this app.
 */
export function directUploadsRouter(services: Services): Router {
  const router = Router();
  const origin = (req: Request) => linkOriginOf(req, services.config);
  router.use('/s3', requires('file.upload'));

  router.post('/s3/presign', async (req, res) => {
    const { filename, size, envelope, ...options } = presignSchema.parse(req.body ?? {});
    const upload = { filename, size, envelope, options };
    const { file, uploadUrl } = await presignUpload(services, principalOf(res), upload);
    sendOk(res, apiMessage('uploadPresigned'), presentPresigned(file, uploadUrl, origin(req)));
  });

  router.post('/s3/commit', async (req, res) => {
    const { file_id, ...options } = commitSchema.parse(req.body ?? {});
    const file = await commitUpload(services, principalOf(res), file_id, options);
    sendOk(res, apiMessage('uploadCommitted'), presentCommittedShare(file));
  });

  router.post('/s3/cancel', async (req, res) => {
    const { file_id } = cancelSchema.parse(req.body ?? {});
    await cancelUpload(services, principalOf(res), file_id);
    sendOk(res, apiMessage('uploadCancelled'), presentCancelled(file_id));
  });

  router.post('/s3/multipart/init', async (req, res) => {
    const { filename, size, envelope, ...options } = multipartInitSchema.parse(req.body ?? {});
    const started = await initMultipartUpload(services, principalOf(res), { filename, size, envelope, options });
    sendOk(res, apiMessage('multipartInitialized'), presentMultipartStarted(started, origin(req)));
  });

  router.post('/s3/multipart/resume', async (req, res) => {
    const { file_id, upload_id } = multipartRefSchema.parse(req.body ?? {});
    const resumed = await resumeMultipartUpload(services, principalOf(res), file_id, upload_id);
    sendOk(res, apiMessage('multipartResumed'), presentMultipartResumed(resumed, upload_id, origin(req)));
  });

  router.post('/s3/multipart/complete', async (req, res) => {
    const { file_id, upload_id, parts, ...options } = multipartCompleteSchema.parse(req.body ?? {});
    const file = await completeMultipartUpload(services, principalOf(res), {
      fileId: file_id,
      uploadId: upload_id,
      parts,
      options,
    });
    sendOk(res, apiMessage('multipartCompleted'), presentCommittedShare(file));
  });

  router.post('/s3/multipart/abort', async (req, res) => {
    const { file_id, upload_id } = multipartRefSchema.parse(req.body ?? {});
    await cancelUpload(services, principalOf(res), file_id, upload_id);
    sendOk(res, apiMessage('multipartAborted'), presentAborted(file_id));
  });

  return router;
}
