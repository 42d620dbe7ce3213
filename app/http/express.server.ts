import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { createRequestHandler } from '@react-router/express';
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { AppConfig } from '~/config.server';
import { openedPasteContext, requestInfoContext, servicesContext, type RequestInfo } from '~/context';
import { ownOrigins } from './api/principal';
import { linkOriginOf } from './link-origin';
import { closeServices, initServices } from '~/services.server';
import { apiRouter } from './api';
import { requestPutDoor } from './request-put';
import { pasteViewLane } from './api/paste-view-lane';
import { pasteCreateLane } from './api/paste-create-lane';
import { davHandlers } from './webdav';
import { s3Door } from './s3';
import { doorOfPath, inRequestScope } from '~/models/request-scope.server';
import { pageRequestGuard } from './html/request-guard.server';
import { pastePageLane } from './html/paste-page-lane.server';
import { sweepSpool } from './multipart.server';
import { sweepLocalTemp } from '~/models/storage/temp.server';
import { compressAnswers } from './compress.server';
import { clientLeft, watchRequestBody } from './request-body';
import { pageDecidesReferrer, SECURITY_HEADERS } from './security-headers';
// Every language, for the messages of all three doors (app/i18n/catalogs.ts).
import { logOf, type Logger } from '~/log.server';
import '~/i18n/resources.server';

/**
 * The request handler Vite bundles (build/server/index.js): /api, then /dav, then React Router.
 * server.ts adds static files, the dev server and the listening socket around it.
 */
let appPromise: Promise<Express> | undefined;
let lane: ((req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>) | undefined;

/**
 * The requests server.ts answers before any Express app, once createApp has run: the open paste's
 * JSON view and the plain create (app/http/api/paste-view-lane.ts, paste-create-lane.ts; decisions
 * 0019, 0046). Returns whether it answered.
 */
export function answerBeforeExpress(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
  return lane ? lane(req, res) : false;
}

export function createApp(config: AppConfig, log: Logger): Promise<Express> {
  appPromise ??= buildApp(config, log);
  return appPromise;
}

async function buildApp(config: AppConfig, log: Logger): Promise<Express> {
  const services = await initServices(config, log);
  // A crash (kill -9) mid-upload leaves its spool file, and local storage writes their temp files
  // (a part, a multipart upload being joined): what a dead process left goes before we listen.
  await sweepSpool(path.join(config.dataDir, 'tmp'));
  await sweepLocalTemp(services, Date.now(), false);
  const app = express();
  app.disable('x-powered-by');
  // No body hashing for ETags on every JSON answer: API answers are not cacheable anyway.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  // The client's address as req.ip has it: Express's compiled TRUST_PROXY.
  const view = pasteViewLane(services);
  const create = pasteCreateLane(services, app.get('trust proxy fn') as (address: string, hop: number) => boolean);
  lane = (req, res) => view(req, res) || create(req, res);

  app.use((req, res, next) => {
    // A client that leaves mid-body is heard from here on, by every door (request-body.ts).
    watchRequestBody(req);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    // The request's id (server.ts's request log set it), address and door, for the audit log.
    const requestId = res.getHeader('X-Request-Id');
    const scope = {
      requestId: typeof requestId === 'string' ? requestId : null,
      address: req.ip ?? null,
      door: doorOfPath(req.path),
      userAgent: req.get('user-agent') ?? null,
      referer: req.get('referer') ?? null,
      host: req.get('host') ?? null,
    };
    inRequestScope(scope, next);
  });

  const requestInfo = (req: express.Request): RequestInfo => ({
    clientAddress: req.ip ?? 'unknown',
    secure: req.protocol === 'https',
    ownOrigins: ownOrigins(req, config.publicUrl),
    linkOrigin: linkOriginOf(req, config),
  });
  // In production the build is loaded once; a function makes React Router rebuild its request
  // handler on every request (for development reloads only, where the paste page lane, whose
  // templates would outlive a reload, stays off). The lane compresses its pages itself.
  const build = config.isProduction ? ((await import('virtual:react-router/server-build')) as ServerBuild) : null;
  if (build) app.use(pastePageLane(services, createFetchHandler(build, 'production'), requestInfo));
  app.use(compressAnswers);
  app.use('/api', apiRouter(services));
  app.use('/dav', ...davHandlers(services));
  app.use(requestPutDoor(services));
  app.use(pageRequestGuard);
  app.use(pageDecidesReferrer);
  // A client gone before its page's action could start reading the body: React Router would read a
  // body that never ends (its stream listens for events that have already passed). Nobody is there
  // to answer.
  app.use((req, res, next) => (clientLeft(req) ? void res.destroy() : next()));
  // Not a route with a path parameter: React Router reads the URL itself, and Express decoding a
  // parameter first threw a URIError (logged as a crash) on a malformed escape ("/paste/%E4%B").
  app.use(
    createRequestHandler({
      build: build ?? (() => import('virtual:react-router/server-build')),
      mode: config.isProduction ? 'production' : 'development',
      getLoadContext: (req, res) => {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestInfoContext, requestInfo(req));
        // A paste page the lane opened (counted) but could not fill.
        if (res.locals.openedPaste) context.set(openedPasteContext, res.locals.openedPaste);
        return context;
      },
    }),
  );
  app.use(lastErrorHandler);
  return app;
}

/**
 * What Express itself refuses (a body parser's 4xx, a malformed address) is answered plainly with
 * its status and logged as a request, not a crash; anything else is the unexpected error it is.
 */
const lastErrorHandler: ErrorRequestHandler = (error: { status?: number; statusCode?: number }, req, res, _next) => {
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 500) logOf().error({ err: error, method: req.method, path: req.path }, 'Unhandled page error');
  if (res.headersSent) return void res.destroy();
  res.status(status >= 400 && status < 600 ? status : 500).type('text/plain; charset=utf-8');
  res.send(status < 500 ? 'Bad request\n' : 'Internal server error\n');
};

/** The S3 door's app (app/http/s3), on the same services, for server.ts to listen with on S3_PORT. */
export async function createS3Door(config: AppConfig, log: Logger): Promise<Express> {
  return s3Door(await initServices(config, log));
}

export { closeServices };
