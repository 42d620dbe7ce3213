import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { z } from 'zod';
import { contentDisposition } from '~/lib/content-disposition';
import { AppError } from '~/lib/errors';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { admitUrlFetch, openUrlSource, probeUrl } from '~/models/shares/create/url-source.server';
import type { Services } from '~/services.server';
import { sendError, sendOk } from './envelope';
import { apiMessage } from './errors';
import { linkOriginOf } from '../link-origin';
import { clientAddress, principalOf } from './principal';

const urlBody = z.object({
  url: z.string({ error: 'urlRequired' }).trim().min(1, 'urlRequired').max(8192, 'urlNotAllowed'),
});

/**
 * The public URL-upload helpers of docs/product/api.md §3.9. Both fetch a stranger's URL from our server, so
 * both go through safeFetch (app/net/safe-fetch.server.ts): public addresses only, unless the
 * admin allow-listed a private host.
 */
export function urlFetchRouter(services: Services): Router {
  const router = Router();

  router.post('/url/info', async (req, res) => {
    const { url } = urlBody.parse(req.body ?? {});
    const release = admitUrlFetch(services, clientAddress(req));
    try {
      const info = await probeUrl(services, principalOf(res), url, {
        origin: linkOriginOf(req, services.config),
      });
      sendOk(res, apiMessage('urlInfoLoaded'), info);
    } catch (error) {
      // docs/product/api.md §3.9: the origin's non-2xx answer is a 500 here (a 400 on the proxy).
      if (!(error instanceof AppError && error.messageKey === 'urlRemoteStatus')) throw error;
      sendError(res, 500, apiMessage(error.messageKey, error.details), {
        key: error.messageKey,
        params: error.details,
      });
    } finally {
      release();
    }
  });

  /**
   * Streams a remote file for the browser's URL upload when the origin has no CORS. Whatever the
   * remote claims to be, our origin must never render it: attachment, nosniff and a sandbox CSP
   * (scripts, forms, same-origin access all off even if a browser showed it inline).
   */
  router.get('/url/proxy', async (req, res) => {
    const { url } = urlBody.parse({ url: typeof req.query.url === 'string' ? req.query.url : undefined });
    // Held until the answer is over, however it ends.
    res.on('close', admitUrlFetch(services, clientAddress(req)));
    const source = await openUrlSource(services, principalOf(res), url, { maxBytes: await maxUploadBytes(services) });
    res.status(200);
    res.setHeader('Content-Type', source.contentType);
    if (source.size !== null) res.setHeader('Content-Length', String(source.size));
    res.setHeader('Content-Disposition', contentDisposition('attachment', source.filename));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'public, max-age=3600');
    // Anyone may read it (no credentials are involved): replaces the echoed origin of cors.ts.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.removeHeader('Access-Control-Allow-Credentials');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Disposition, Content-Type');
    if (req.method === 'HEAD') {
      source.stream.destroy();
      res.end();
      return;
    }
    // Headers are out: a failure now (size cap, timeout, remote reset) can only cut the response.
    await pipeline(source.stream, res).catch(() => res.destroy());
  });

  return router;
}
