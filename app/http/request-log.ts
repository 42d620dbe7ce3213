import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request id a proxy sent that we keep: short and plain, so it cannot forge or break a log line. */
const GIVEN_ID = /^[\w.:-]{1,64}$/;
/** Paths longer than this are cut: a log line stays a line. */
const MAX_PATH = 300;

function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomBytes(8).toString('hex');
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
 * One line per request (docs/deploy.md, "Logs"): time, request id, method, path, status, duration,
 * and "aborted" when the client left before the response was complete. The id is also sent back as
 * `X-Request-Id` (a proxy's own id is kept), so a user's report can be found in the log. Lines are
 * written in batches once per event-loop turn: a busy server makes one write, not thousands.
 */
export function createRequestLog(write: (text: string) => void): (req: IncomingMessage, res: ServerResponse) => void {
  let pending = '';
  const flush = () => {
    const text = pending;
    pending = '';
    write(text);
  };
  return (req, res) => {
    const started = process.hrtime.bigint();
    const id = requestId(req);
    const path = pathOf(req.url); // now: routers rewrite req.url as they hand it on
    res.setHeader('X-Request-Id', id);
    res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const ended = res.writableFinished ? '' : ' aborted';
      if (!pending) setImmediate(flush);
      pending += `${new Date().toISOString()} ${id} ${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms${ended}\n`;
    });
  };
}
