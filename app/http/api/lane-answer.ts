import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeBody, encodingFor } from '../compress.server';
import { SECURITY_HEADERS } from '../security-headers';
import { corsHeaders } from './cors';

/** What compressAnswers compresses from (app/http/compress.server.ts): the lanes answer alike. */
const COMPRESS_FROM = 1024;

/**
 * A JSON answer of a lane, a route answered before Express (decision 0019): the headers the route's
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
