import { Router } from 'express';
import { AppError } from '~/lib/errors';
import { openSignedLocalObject } from '~/models/local-urls.server';
import type { ModelContext } from '~/models/context.server';
import { sendPlainError } from './plain-errors';
import { requestBody } from '../request-body';
import { holdStreamSlot } from './stream-slots';
import { streamFile } from '../serve-file.server';
import type { KeyedConcurrencyGate } from '~/auth/rate-limit.server';

/**
 * Serves the local driver's signed URLs (GET object, PUT object, PUT part), so the browser talks to
 * local storage exactly as it talks to S3. The signature, not a session, is the authorization.
 * Downloads are always attachments with nosniff (stored files never render on our origin), with
 * single byte ranges.
 */
export function localStorageRouter(ctx: ModelContext, downloadStreams: KeyedConcurrencyGate): Router {
  const router = Router();

  router.all('/storage/local/:configId', async (req, res) => {
    const body = req.method === 'PUT' ? requestBody(req) : null;
    try {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      const signed = await openSignedLocalObject(ctx, req.params.configId, query);
      if (signed.op === 'get' && (req.method === 'GET' || req.method === 'HEAD')) {
        holdStreamSlot(downloadStreams, req, res);
        // As S3 answers a presigned GET: single ranges with 206, an attachment, nosniff.
        return await streamFile(res, signed, {
          disposition: 'attachment',
          range: req.get('Range'),
          headOnly: req.method === 'HEAD',
        });
      }
      if (signed.op !== 'get' && body) {
        const { etag } = await signed.write(body);
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
