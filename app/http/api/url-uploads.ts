import { Router, type Request, type Response } from 'express';
import {
  cancelSchema,
  commitSchema,
  multipartPartsSchema,
  multipartRefSchema,
  urlMultipartInitSchema,
  urlPresignSchema,
} from '~/lib/schemas/files';
import { AppError } from '~/lib/errors';
import {
  cancelUpload,
  commitUpload,
  completeMultipartUpload,
  initMultipartUpload,
  presignUpload,
} from '~/models/shares/create/direct-uploads.server';
import { probeUrl } from '~/models/shares/create/url-source.server';
import type { Services } from '~/services.server';
import { presentCommittedShare } from './presenters/files';
import {
  presentUrlAborted,
  presentUrlCancelled,
  presentUrlMultipartCompleted,
  presentUrlMultipartStarted,
  presentUrlPresigned,
} from './presenters/uploads';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { linkOriginOf } from '../link-origin';
import { principalOf, requires } from './principal';

interface SourceBody {
  url: string;
  filename?: string;
  metadata?: { filename?: string; contentType?: string; size?: number | null };
}

/**
 * What the share will be called and how big it is: the client's metadata when it has a name and a
 * type (docs/product/api.md §3.9), otherwise a (SSRF-safe) probe of the URL.
 */
async function describeSource(services: Services, req: Request, res: Response, body: SourceBody) {
  const { metadata } = body;
  if (metadata?.filename && metadata.contentType)
    return { filename: body.filename || metadata.filename, size: metadata.size ?? undefined, corsSupported: false };
  const info = await probeUrl(services, principalOf(res), body.url, {
    origin: linkOriginOf(req, services.config),
  });
  return {
    filename: body.filename || metadata?.filename || info.filename,
    size: metadata?.size ?? info.size ?? undefined,
    corsSupported: info.corsSupported,
  };
}

/**
 * Upload from URL into a share (docs/product/api.md §3.9): the browser downloads the remote file and uploads it
 * to storage through the same pending-share steps as a direct upload (app/models/direct-uploads).
 * Settings sent at either step are honoured (docs/product/api.md §5 #2).
 */
export function urlUploadsRouter(services: Services): Router {
  const router = Router();
  const origin = (req: Request) => linkOriginOf(req, services.config);
  for (const path of ['/url/presign', '/url/commit', '/url/multipart', '/url/cancel'])
    router.use(path, requires('file.upload'));

  router.post('/url/presign', async (req, res) => {
    const { url, metadata, filename, ...options } = urlPresignSchema.parse(req.body ?? {});
    const source = await describeSource(services, req, res, { url, metadata, filename });
    const { file, uploadUrl } = await presignUpload(services, principalOf(res), {
      filename: source.filename,
      size: source.size,
      options,
    });
    sendOk(
      res,
      apiMessage('uploadPresigned'),
      presentUrlPresigned(file, uploadUrl, origin(req), { corsSupported: source.corsSupported, sourceUrl: url }),
    );
  });

  router.post('/url/commit', async (req, res) => {
    const { file_id, ...options } = commitSchema.parse(req.body ?? {});
    const file = await commitUpload(services, principalOf(res), file_id, options);
    sendOk(res, apiMessage('uploadCommitted'), presentCommittedShare(file));
  });

  router.post('/url/multipart/init', async (req, res) => {
    const body = urlMultipartInitSchema.parse(req.body ?? {});
    const { url, metadata, filename, total_size, part_size, part_count: _count, ...options } = body;
    const source = await describeSource(services, req, res, { url, metadata, filename });
    const size = total_size ?? source.size;
    if (size === undefined) throw new AppError('invalid', 'sizeRequired');
    const started = await initMultipartUpload(services, principalOf(res), {
      filename: source.filename,
      size,
      partSize: part_size,
      options,
    });
    sendOk(
      res,
      apiMessage('multipartInitialized'),
      presentUrlMultipartStarted(started, origin(req), { corsSupported: source.corsSupported, sourceUrl: url }),
    );
  });

  router.post('/url/multipart/complete', async (req, res) => {
    const { file_id, upload_id, parts } = multipartPartsSchema.parse(req.body ?? {});
    const file = await completeMultipartUpload(services, principalOf(res), {
      fileId: file_id,
      uploadId: upload_id,
      parts,
    });
    sendOk(res, apiMessage('multipartCompleted'), presentUrlMultipartCompleted(file, origin(req)));
  });

  router.post('/url/multipart/abort', async (req, res) => {
    const { file_id, upload_id } = multipartRefSchema.parse(req.body ?? {});
    await cancelUpload(services, principalOf(res), file_id, upload_id);
    sendOk(res, apiMessage('multipartAborted'), presentUrlAborted(file_id));
  });

  router.post('/url/cancel', async (req, res) => {
    const { file_id } = cancelSchema.parse(req.body ?? {});
    await cancelUpload(services, principalOf(res), file_id);
    sendOk(res, apiMessage('uploadCancelled'), presentUrlCancelled(file_id));
  });

  return router;
}
