import type { Request, Response } from 'express';

/** How long the rest of an unread body is still read before the connection is cut. */
const LINGER_MS = 2000;

/**
 * For an answer sent before any of the request body was read (a body declared too large): Node
 * reads and discards the body once the answer is out, so the client gets its answer instead of a
 * reset (closing at once resets the connection while the client is still sending, and many
 * clients then lose the answer). A client still sending after a short while is cut off.
 */
export function drainThenClose(req: Request, res: Response): void {
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
    for (const event of ['end', 'close']) req.once(event, () => clearTimeout(timer));
    req.resume();
  });
}
