import type { Request, Response } from 'express';
import { isLocale, localeFromAcceptLanguage, type Locale } from '~/i18n/config';
import { localeCookie } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { toAppError } from '~/storage/errors';
import { setRetryAfter } from './errors';

/**
 * The language of a plain-text error: the visitor's choice (cookie) or browser language when the
 * request states one, else Chinese, the language docs/product/api.md gives scripts.
 */
async function plainLocale(req: Request): Promise<Locale> {
  const chosen = await localeCookie.parse(req.get('cookie') ?? null).catch(() => null);
  if (isLocale(chosen)) return chosen;
  const accept = req.get('accept-language');
  return accept && accept.trim() !== '*' ? localeFromAcceptLanguage(accept) : 'zh';
}

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
