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
export const cors: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', 'ETag, Content-Length, Content-Disposition');
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
