import type { RequestHandler } from 'express';

/** Sent with every answer of the app (app/http/express.server.ts, and the paste-view lane before it). */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
} as const;

/**
 * React Router appends a page's headers to those already set: a page's own Referrer-Policy (the
 * decrypting pages' no-referrer, http/html/strict-csp.ts) replaces the default instead of joining it.
 */
export const pageDecidesReferrer: RequestHandler = (_req, res, next) => {
  const append = res.append.bind(res);
  res.append = (name, value) =>
    name.toLowerCase() === 'referrer-policy' && value !== undefined ? res.setHeader(name, value) : append(name, value);
  next();
};
