import type { IncomingMessage, ServerResponse } from 'node:http';
import { pooledRandomBytes } from '~/auth/tokens.server';
import type { Logger } from '~/log.server';

/** A request id a proxy sent that we keep: short and plain, so it cannot forge or break a log line. */
const GIVEN_ID = /^[\w.:-]{1,64}$/;
/** Paths longer than this are cut: a log line stays a line. */
const MAX_PATH = 300;

function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : pooledRandomBytes(8).toString('hex');
}

/**
 * The path without its query: queries carry signatures of signed URLs, share passwords of older
 * clients and search terms, none of which belong in a log (docs/deploy.md, "Logs").
 */
function pathOf(url: string | undefined): string {
  const raw = (url ?? '/').split('?', 1)[0]!;
  return raw.length > MAX_PATH ? `${raw.slice(0, MAX_PATH)}…` : raw;
}

/**
 * One log line per request (docs/deploy.md, "Logs"): its id, method, path, status, duration in
 * milliseconds, and `aborted` when the client left before the response was complete. The id is
 * also sent back as `X-Request-Id` (a proxy's own id is kept), so a user's report can be found in
 * the log. The log writes asynchronously in production: a busy server makes few writes.
 */
export function createRequestLog(log: Pick<Logger, 'info'>): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const id = requestId(req);
    const path = pathOf(req.url); // now: routers rewrite req.url as they hand it on
    res.setHeader('X-Request-Id', id);
    res.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      const line = { id, method: req.method, path, status: res.statusCode, ms };
      log.info(res.writableFinished ? line : { ...line, aborted: true }, 'request');
    });
  };
}
