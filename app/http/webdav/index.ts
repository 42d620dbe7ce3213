import type { ErrorRequestHandler, RequestHandler } from 'express';
import { createServer } from 'nephele';
import type { Services } from '~/services.server';
import { DavAdapter, principalOfUser } from './adapter';
import { davAuthenticator } from './authenticator';
import { davErrorHandler } from './errors';
import { fastPropfindPlugin } from './fast-propfind';
import { rfcPlugin } from './rfc-plugin';
import { readXmlBody } from './xml-body';
import { requestProblem } from './request-checks';
import type { AppConfig } from '~/config.server';
import { UNNAMEABLE } from '~/storage/types';
import { drainThenClose } from '../close-after';
import { requestBody } from '../request-body';

/** What we answer OPTIONS with: class 1 and 2 (locks), no class 3 claims. */
const ALLOW = 'OPTIONS, GET, HEAD, PUT, DELETE, COPY, MOVE, MKCOL, PROPFIND, PROPPATCH, LOCK, UNLOCK';

/** Longest accepted path (docs/product/api.md §4: longer is a 400). */
const MAX_PATH = 2048;

/**
 * Before nephele: OPTIONS is answered without credentials (clients probe before they log in), an
 * address that cannot be a path is refused here (nephele would throw decoding it), and an XML body
 * is read within its bounds (xml-body.ts).
 */
const preflightFor =
  (config: AppConfig): RequestHandler =>
  async (req, res, next) => {
    res.set({ DAV: '1, 2', 'MS-Author-Via': 'DAV' });
    if (req.method === 'OPTIONS') {
      res.status(200).set({ Allow: ALLOW, 'Content-Length': '0' }).end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return void davErrorHandler(400, 'Malformed address', req, res as never);
    }
    if (path.length > MAX_PATH || UNNAMEABLE.test(path))
      return void davErrorHandler(400, 'Invalid path', req, res as never);
    const refusal = requestProblem(req, config);
    if (refusal) {
      drainThenClose(req, res);
      return void davErrorHandler(refusal.status, refusal.key, req, res as never, new Error(refusal.key));
    }
    // A PUT's body, taken before anything is awaited: a client that leaves fails the write
    // (request-body.ts); nephele reads it through our patch of getBodyStream.
    if (req.method === 'PUT') Object.assign(req, { cloudclipStream: requestBody(req) });
    try {
      await readXmlBody(req);
    } catch (error) {
      // The rest of a refused body is drained for a moment, then the connection is cut (close-after.ts).
      req.unpipe();
      drainThenClose(req, res);
      return void davErrorHandler(400, 'Bad request body', req, res as never, error as Error);
    }
    next();
  };

/** An error nephele let through (thrown in its middleware): mapped like every other. */
const lastResort: ErrorRequestHandler = (error, req, res, _next) => {
  void davErrorHandler(500, 'Internal server error', req, res as never, error as Error);
};

/**
 * The WebDAV door at /dav (docs/architecture.md §8): nephele with our adapter over models/fs, our
 * authenticator and the RFC fixes. Mounted with `app.use('/dav', ...)` so that nephele's Express
 * app inherits the parent's `trust proxy` (client addresses for the login limit).
 */
export function davHandlers(services: Services) {
  const nephele = createServer(
    {
      adapter: async (request, response) => new DavAdapter(services, principalOfUser(response.locals.user), request),
      authenticator: davAuthenticator(services),
      plugins: [rfcPlugin, fastPropfindPlugin],
    },
    { errorHandler: davErrorHandler },
  );
  nephele.disable('x-powered-by');
  return [preflightFor(services.config), nephele, lastResort] as const;
}
