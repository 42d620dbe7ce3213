import type { IncomingMessage } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import { AppError } from '~/lib/errors';

/**
 * The one way a door hands a request's body to a model (issue 42, item 2). A client may leave at
 * any moment, also while the door still awaits its checks (who is asking, the request's limits):
 * Node then destroys the request, and a body piped afterwards never ends — the upload waited for
 * ever, holding its place, its quota charge and an open temp file. So:
 *
 * - `watchRequestBody` runs first for every request: with a listener, Node reports a request cut
 *   short as an 'error' (node:_http_incoming emits it only when someone listens), which every
 *   reader of the request then hears — React Router's body stream among them;
 * - `requestBody` is called by a byte door before its first await: the body as a stream that fails
 *   with `uploadIncomplete` when the client leaves before its end, whenever the model comes to read
 *   it. Models read it with `pipeline` (never `.pipe`), which reports a failure that came first.
 */
export function watchRequestBody(req: IncomingMessage): void {
  req.on('error', () => undefined);
}

/** Whether the client went away before its body ended (nothing can be answered to it). */
export const clientLeft = (req: IncomingMessage) => req.destroyed && !req.readableEnded;

const incomplete = () => new AppError('invalid', 'uploadIncomplete');

export function requestBody(req: IncomingMessage): Readable {
  const body = new PassThrough();
  // Heard by whoever reads the body (pipeline, finished); unheard, an 'error' ends the process.
  body.on('error', () => undefined);
  if (req.destroyed) {
    body.destroy(incomplete());
    return body;
  }
  req.once('close', () => {
    if (!req.readableEnded) body.destroy(incomplete());
  });
  req.pipe(body);
  return body;
}
