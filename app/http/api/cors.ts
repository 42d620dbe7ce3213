import type { RequestHandler } from 'express';

const ALLOW_METHODS = 'GET, POST, PUT, DELETE, OPTIONS, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, LOCK, UNLOCK, HEAD';
const ALLOW_HEADERS = [
  'Content-Type',
  'Authorization',
  'X-API-KEY',
  'Depth',
  'Destination',
  'Overwrite',
  'If-Match',
  'If-None-Match',
  'If-Modified-Since',
  'If-Unmodified-Since',
  'Lock-Token',
  'Content-Length',
  'X-Requested-With',
].join(', ');

/**
 * CORS as docs/product/api.md §1.1: the Origin is echoed with credentials allowed, so existing clients served
 * from another origin keep working. This is safe for the browser session because its cookie is
 * SameSite=Lax: browsers never attach it to cross-site fetches, so a foreign origin can only use the
 * Bearer/ApiKey credentials it already holds.
 */
/** The CORS headers of an answer to this Origin, if the request has one (Vary: Origin is the caller's). */
export function corsHeaders(origin: string | undefined) {
  return origin
    ? {
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Allow-Credentials': 'true',
        'Access-Control-Expose-Headers': 'ETag, Content-Length, Content-Disposition',
      }
    : undefined;
}

export const cors: RequestHandler = (req, res, next) => {
  const headers = corsHeaders(req.headers.origin);
  if (headers) {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.vary('Origin');
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', ALLOW_METHODS);
    res.setHeader('Access-Control-Allow-Headers', ALLOW_HEADERS);
    res.setHeader('Access-Control-Max-Age', '86400');
    res.status(204).end();
    return;
  }
  next();
};
