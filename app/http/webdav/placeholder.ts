import type { RequestHandler } from 'express';

/** WebDAV is mounted at /dav; until it lands every method answers 501 Not Implemented. */
export const davPlaceholder: RequestHandler = (_req, res) => {
  res.status(501).type('text/plain; charset=utf-8').send('WebDAV is not available yet\n');
};
