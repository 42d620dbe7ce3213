import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';

/** How long a failed upload's remaining bytes are read (and dropped) so the browser sees the answer. */
const DRAIN_MS = 60_000;

/**
 * Reads and drops what is left of a request body. A browser still sending a file when the answer
 * comes would otherwise show a connection error instead of the page with the message.
 */
export async function drain(body: Readable): Promise<void> {
  if (body.readableEnded || body.destroyed) return;
  body.unpipe();
  body.resume();
  const timer = setTimeout(() => body.destroy(), DRAIN_MS);
  await finished(body).catch(() => undefined);
  clearTimeout(timer);
}
