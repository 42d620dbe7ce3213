/** Sent with every answer of the app (app/http/express.server.ts, and the paste-view lane before it). */
export const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
} as const;
