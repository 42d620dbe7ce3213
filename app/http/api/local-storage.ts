import { Router, type Response } from 'express';
import { contentDisposition } from '~/lib/content-disposition';
import { AppError } from '~/lib/errors';
import { byteLimit } from '~/models/shares/upload-limits.server';
import { verifyGrant } from '~/storage/drivers/local-signing.server';
import type { LocalDriver } from '~/storage/drivers/local.server';
import { StorageError } from '~/storage/types';

export interface LocalStorageDeps {
  signingKey: Buffer;
  /** The local driver of a storage config, or null when it is not a local config. */
  driverFor: (configId: string) => Promise<LocalDriver | null>;
  /** The max upload size: a signed PUT may not fill the disk beyond it before commit refuses it. */
  maxBytes: () => Promise<number>;
}

function fail(res: Response, status: number, message: string) {
  res.status(status).type('text/plain; charset=utf-8').send(message);
}

/**
 * Serves the local driver's signed URLs (GET object, PUT object, PUT part), so the browser talks to
 * local storage exactly as it talks to S3. The signature, not a session, is the authorization.
 * Downloads are always attachments with nosniff: stored files never render on our origin.
 */
export function localStorageRouter(deps: LocalStorageDeps): Router {
  const router = Router();

  router.all('/storage/local/:configId', async (req, res) => {
    const query = new URLSearchParams(req.url.split('?')[1] ?? '');
    const grant = verifyGrant(deps.signingKey, req.params.configId, query);
    if (!grant) return fail(res, 403, 'Invalid or expired signature');
    const driver = await deps.driverFor(grant.configId);
    if (!driver) return fail(res, 404, 'Unknown storage');
    try {
      if (grant.op === 'get' && (req.method === 'GET' || req.method === 'HEAD')) {
        const object = await driver.read(grant.key);
        res.setHeader('Content-Length', String(object.contentLength));
        res.setHeader('Content-Type', grant.contentType ?? 'application/octet-stream');
        res.setHeader(
          'Content-Disposition',
          contentDisposition('attachment', grant.downloadName ?? grant.key.split('/').pop()!),
        );
        if (object.etag) res.setHeader('ETag', `"${object.etag}"`);
        if (req.method === 'HEAD') {
          object.stream.destroy();
          return res.end();
        }
        object.stream.on('error', () => res.destroy());
        return object.stream.pipe(res);
      }
      if (grant.op === 'put' && req.method === 'PUT') {
        const body = req.pipe(byteLimit(await deps.maxBytes()));
        req.on('error', (error) => body.destroy(error));
        const { etag } = await driver.write(grant.key, body, { contentType: grant.contentType });
        if (etag) res.setHeader('ETag', `"${etag}"`);
        return res.status(200).end();
      }
      if (grant.op === 'part' && req.method === 'PUT' && grant.uploadId && grant.partNumber) {
        // A part is never larger than S3's largest part (5 GiB), however large the whole file.
        const body = req.pipe(byteLimit(Math.min(await deps.maxBytes(), 5 * 1024 ** 3)));
        req.on('error', (error) => body.destroy(error));
        const part = await driver.multipartWritePart(grant.key, grant.uploadId, grant.partNumber, body);
        res.setHeader('ETag', `"${part.etag}"`);
        return res.status(200).end();
      }
      return fail(res, 405, 'Method not allowed for this URL');
    } catch (error) {
      // The uploader went away mid-body (a paused or reloaded upload): nothing to answer or report.
      if (!req.complete && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return res.destroy();
      if (error instanceof StorageError) return fail(res, error.kind === 'not_found' ? 404 : 400, error.message);
      if (error instanceof AppError && error.kind === 'too_large') return fail(res, 413, 'Too large');
      throw error;
    }
  });

  return router;
}
