import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestScope } from '~/models/request-scope.server';
import { encodeBody, encodingFor } from '../compress.server';
import { SECURITY_HEADERS } from '../security-headers';
import { corsHeaders } from './cors';

// What the lanes — routes answered before Express (decisions 0019, 0046) — share with each other and
// with what Express gives a route: the request's scope and the JSON answer.

/**
 * The scope Express's first middleware opens (app/http/express.server.ts), for a lane: the request
 * id the request log set, and who asked from where. `address` is null where nothing reads it.
 */
export function laneScope(req: IncomingMessage, res: ServerResponse, address: string | null): RequestScope {
  const requestId = res.getHeader('X-Request-Id');
  return {
    requestId: typeof requestId === 'string' ? requestId : null,
    address,
    door: 'api',
    userAgent: req.headers['user-agent'] ?? null,
    referer: req.headers.referer ?? null,
    host: req.headers.host ?? null,
  };
}

/** What compressAnswers compresses from (app/http/compress.server.ts): the lanes answer alike. */
const COMPRESS_FROM = 1024;

/**
 * A lane's JSON answer: the headers the route's
 * answer carries — security, CORS, Vary, X-Request-Id (set by the request log) — and the same
 * compression. tests/integration/paste-view-lane.test.ts and paste-create-lane.test.ts hold the
 * lanes' answers to the routes'.
 */
export function answerJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  const length = Buffer.byteLength(text);
  const encoding = length >= COMPRESS_FROM ? encodingFor(req.headers['accept-encoding']) : 'identity';
  // A string body goes out with the head in one write; a Buffer would take a second (writev).
  const body = encoding === 'identity' ? text : encodeBody(encoding, Buffer.from(text));
  const cors = corsHeaders(req.headers.origin);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    ...cors,
    Vary: cors ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(typeof body === 'string' ? length : body.length),
    ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }),
  });
  res.end(body);
}
