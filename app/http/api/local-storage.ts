import { Router } from 'express';
import { contentDisposition } from '~/lib/content-disposition';
import { AppError } from '~/lib/errors';
import { openSignedLocalObject } from '~/models/storage/local-urls.server';
import type { ModelContext } from '~/models/context.server';
import { sendPlainError } from './plain-errors';
import { holdStreamSlot } from './stream-slots';
import type { KeyedConcurrencyGate } from '~/auth/rate-limit.server';

/**
 * Serves the local driver's signed URLs (GET object, PUT object, PUT part), so the browser talks to
 * local storage exactly as it talks to S3. The signature, not a session, is the authorization.
 * Downloads are always attachments with nosniff: stored files never render on our origin.
 */
export function localStorageRouter(ctx: ModelContext, downloadStreams: KeyedConcurrencyGate): Router {
  const router = Router();

  router.all('/storage/local/:configId', async (req, res) => {
    try {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const signed = await openSignedLocalObject(ctx, req.params.configId, query);
      if (signed.op === 'get' && (req.method === 'GET' || req.method === 'HEAD')) {
        holdStreamSlot(downloadStreams, req, res);
        const object = await signed.read();
        res.setHeader('Content-Length', String(object.contentLength));
        res.setHeader('Content-Type', signed.contentType);
        res.setHeader('Content-Disposition', contentDisposition('attachment', signed.downloadName));
        if (object.etag) res.setHeader('ETag', `"${object.etag}"`);
        if (req.method === 'HEAD') {
          object.stream.destroy();
          return res.end();
        }
        object.stream.on('error', () => res.destroy());
        return object.stream.pipe(res);
      }
      if (signed.op !== 'get' && req.method === 'PUT') {
        const { etag } = await signed.write(req);
        if (etag) res.setHeader('ETag', `"${etag}"`);
        return res.status(200).end();
      }
      throw new AppError('invalid', 'methodNotAllowed');
    } catch (error) {
      // The uploader went away mid-body (a paused or reloaded upload): nothing to answer or report.
      if (!req.complete && (error as NodeJS.ErrnoException).code === 'ECONNRESET') return res.destroy();
      await sendPlainError(req, res, error);
    }
  });

  return router;
}
