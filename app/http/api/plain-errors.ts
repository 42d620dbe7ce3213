import type { Request, Response } from 'express';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { toAppError } from '~/faults';
import { plainLocale } from '../request-locale.server';
import { setRetryAfter } from './errors';

/**
 * The error mapper of the byte endpoints (raw pastes, file view and download, signed local URLs):
 * a plain-text message with the AppError's status. Unexpected errors go on to the envelope's handler
 * (a logged 500). After the body started, the only honest answer is to cut the connection.
 */
export async function sendPlainError(req: Request, res: Response, error: unknown): Promise<void> {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const mapped = toAppError(error);
  if (!(mapped instanceof AppError)) throw error;
  setRetryAfter(res, mapped);
  const message = translate(await plainLocale(req), `errors.${mapped.messageKey}`, mapped.details);
  res.status(mapped.status).type('text/plain; charset=utf-8').send(message);
}
