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
import type { FileShareRecord } from '~/models/shares/records.server';
import type { Services } from '~/services.server';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { linkOriginOf } from '../link-origin';
import { presentCommittedShare, presentPendingShare } from './presenters/files';
import { principalOf, requires } from './principal';

/** The fields every presign/init answer shares (docs/product/api.md §3.4 s3/presign). */
export function pendingShareFields(req: Request, services: Services, file: FileShareRecord) {
  return presentPendingShare(file, linkOriginOf(req, services.config));
}

export const absoluteUrl = (req: Request, services: Services, url: string) =>
  new URL(url, linkOriginOf(req, services.config)).toString();

/** Part URLs as the client gets them: absolute (the local driver signs paths on this app). */
export const partUrls = (req: Request, services: Services, urls: { partNumber: number; url: string }[]) =>
  urls.map((u) => ({ partNumber: u.partNumber, url: absoluteUrl(req, services, u.url) }));

/**
 * Browser uploads straight to storage (docs/product/api.md §3.4 s3/presign + s3/commit; the multipart and
 * cancel endpoints are ours: v0.7.3 had no resumable share upload). Works for S3 and local disk
 * alike: the local driver's "presigned" URLs point back at this app.
 */
export function directUploadsRouter(services: Services): Router {
  const router = Router();
  router.use('/s3', requires('file.upload'));

  router.post('/s3/presign', async (req, res) => {
    const { filename, size, envelope, ...options } = presignSchema.parse(req.body ?? {});
    const upload = { filename, size, envelope, options };
    const { file, uploadUrl } = await presignUpload(services, principalOf(res), upload);
    sendOk(res, apiMessage('uploadPresigned'), {
      ...pendingShareFields(req, services, file),
      upload_url: absoluteUrl(req, services, uploadUrl),
    });
  });

  router.post('/s3/commit', async (req, res) => {
    const { file_id, ...options } = commitSchema.parse(req.body ?? {});
    const file = await commitUpload(services, principalOf(res), file_id, options);
    sendOk(res, apiMessage('uploadCommitted'), presentCommittedShare(file));
  });

  router.post('/s3/cancel', async (req, res) => {
    const { file_id } = cancelSchema.parse(req.body ?? {});
    await cancelUpload(services, principalOf(res), file_id);
    sendOk(res, apiMessage('uploadCancelled'), { file_id, status: 'cancelled' });
  });

  router.post('/s3/multipart/init', async (req, res) => {
    const { filename, size, envelope, ...options } = multipartInitSchema.parse(req.body ?? {});
    const started = await initMultipartUpload(services, principalOf(res), { filename, size, envelope, options });
    sendOk(res, apiMessage('multipartInitialized'), {
      ...pendingShareFields(req, services, started.file),
      upload_id: started.uploadId,
      partSize: started.partSize,
      partCount: started.partCount,
      totalSize: started.totalSize,
      presigned_urls: partUrls(req, services, started.urls),
    });
  });

  router.post('/s3/multipart/resume', async (req, res) => {
    const { file_id, upload_id } = multipartRefSchema.parse(req.body ?? {});
    const resumed = await resumeMultipartUpload(services, principalOf(res), file_id, upload_id);
    sendOk(res, apiMessage('multipartResumed'), {
      ...pendingShareFields(req, services, resumed.file),
      upload_id,
      parts: resumed.parts,
      partSize: resumed.partSize,
      partCount: resumed.partCount,
      totalSize: resumed.totalSize,
      presigned_urls: partUrls(req, services, resumed.urls),
    });
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
    sendOk(res, apiMessage('multipartAborted'), { success: true, fileId: file_id });
  });

  return router;
}
