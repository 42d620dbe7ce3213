import type { Request, Response } from 'express';
import { AppError } from '~/lib/errors';
import type { KeyedConcurrencyGate } from '~/auth/rate-limit.server';
import { clientAddress } from './principal';

/** What a client over its download limit is told to wait: streams usually end within seconds. */
const RETRY_SECONDS = 5;

/**
 * Takes one of the caller's download slots (Services.downloadStreams) for as long as this response
 * lives, or refuses with 429 and Retry-After — before any work is done for it (no view counted, no
 * storage opened).
 */
export function holdStreamSlot(slots: KeyedConcurrencyGate, req: Request, res: Response): void {
  const release = slots.enter(clientAddress(req));
  if (!release) throw new AppError('rate_limited', 'tooManyDownloads', { seconds: RETRY_SECONDS });
  res.once('close', release);
}
