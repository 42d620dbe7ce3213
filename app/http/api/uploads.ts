import fsp from 'node:fs/promises';
import path from 'node:path';
import { Router, type Request } from 'express';
import { uploadOptionsSchema } from '~/lib/schemas/files';
import { uploadFileShare } from '~/models/shares/create/uploads.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import type { Services } from '~/services.server';
import { parseUpload } from '../multipart.server';
import { requestBody } from '../request-body';
import { sendOk } from './envelope';
import { apiMessage } from './errors';
import { linkOriginOf } from '../link-origin';
import { presentUploadResult } from './presenters/files';
import { shareLinks } from '~/models/shares/visit/content-access.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import { principalOf, requires } from './principal';

async function uploadAnswer(services: Services, file: FileShareRecord, origin: string, password?: string) {
  const links = {
    stored: await shareLinks(services, file, origin),
    direct: await shareLinks(services, file, origin, 'direct'),
  };
  return presentUploadResult(file, links, origin, password);
}

function contentLength(req: Request): number | undefined {
  const value = Number(req.get('content-length'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Script uploads that stream to storage (docs/product/api.md §3.4): PUT /upload-direct/{filename} with the raw
 * body and the options in the query, and POST /upload with a multipart form. Mounted before the
 * JSON body parser, so bodies are never buffered.
 */
export function uploadsRouter(services: Services): Router {
  const router = Router();

  // Refuse before reading a byte of the body when the caller may not upload at all.
  router.put('/upload-direct/:filename', requires('file.upload'), async (req, res) => {
    const body = requestBody(req);
    const options = uploadOptionsSchema.parse(req.query);
    const file = await uploadFileShare(services, principalOf(res), {
      filename: String(req.params.filename),
      body,
      size: contentLength(req),
      sizeIsExact: req.get('content-length') !== undefined,
      options,
    });
    const origin = linkOriginOf(req, services.config);
    sendOk(res, apiMessage('fileUploaded'), await uploadAnswer(services, file, origin, options.password));
  });

  router.post('/upload', requires('file.upload'), async (req, res) => {
    const body = requestBody(req);
    const spoolDir = path.join(services.config.dataDir, 'tmp');
    await fsp.mkdir(spoolDir, { recursive: true });
    const parsed = await parseUpload(req.headers, body, { dir: spoolDir, maxBytes: await maxUploadBytes(services) });
    try {
      const options = uploadOptionsSchema.parse(parsed.fields);
      const file = await uploadFileShare(services, principalOf(res), {
        filename: parsed.filename,
        body: parsed.body,
        size: contentLength(req),
        sizeIsExact: false,
        options,
      });
      const origin = linkOriginOf(req, services.config);
      sendOk(res, apiMessage('fileUploaded'), await uploadAnswer(services, file, origin, options.password));
    } finally {
      await parsed.cleanup();
    }
  });

  return router;
}
