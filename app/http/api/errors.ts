import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { AppError } from '~/lib/errors';
import { toAppError } from '~/faults';
import { hasTranslation, translate } from '~/i18n/translate';
import { logOf } from '~/log.server';
import { sendError } from './envelope';

/**
 * API messages are Chinese, as in docs/product/api.md: existing CloudPaste clients match substrings of them
 * (docs/product/api.md §1.12), so they must not change with the caller's language.
 */
export const API_LOCALE = 'zh';

export function apiMessage(key: string, values?: Record<string, unknown>): string {
  return translate(API_LOCALE, `errors.${key}`, values);
}

/** Schemas carry message keys ("keyNameRequired"); other zod messages get the field name. */
function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (issue && hasTranslation(API_LOCALE, `errors.${issue.message}`)) return apiMessage(issue.message);
  const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
  return `${apiMessage('invalidInput')}${where}`;
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  sendError(res, 404, apiMessage('apiNotFound'));
};

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
  expose?: boolean;
}

/** Rate limits and an unavailable storage or database tell the client when to come back. */
export function setRetryAfter(res: Response, error: AppError): void {
  const seconds = error.details?.seconds;
  if (['rate_limited', 'unavailable', 'insufficient_storage'].includes(error.kind) && typeof seconds === 'number')
    res.setHeader('Retry-After', String(seconds));
}

/** Maps every error thrown behind /api to the envelope, once. Never a 500 for a caller's mistake. */
export const errorHandler: ErrorRequestHandler = (thrown, req, res, next) => {
  if (res.headersSent) return next(thrown);
  // Refused while its body was half-read (disk full mid-stream): the rest is still piped into the
  // failed write, so this connection cannot carry another request.
  if (!req.complete) res.setHeader('Connection', 'close');
  const error = toAppError(thrown);
  if (error instanceof AppError) {
    setRetryAfter(res, error);
    return sendError(res, error.status, apiMessage(error.messageKey, error.details), {
      key: error.messageKey,
      params: error.details,
    });
  }
  if (error instanceof ZodError) {
    const key = error.issues[0]?.message;
    const known = key !== undefined && hasTranslation(API_LOCALE, `errors.${key}`);
    return sendError(res, 400, zodMessage(error), { key: known ? key : 'invalidInput' });
  }
  // Express could not decode a route parameter ("%E0%A4%A"): the address itself is malformed.
  if (error instanceof URIError) return sendError(res, 400, apiMessage('malformedUrl'), { key: 'malformedUrl' });
  const parserError = error as BodyParserError;
  switch (parserError.type) {
    case 'entity.parse.failed':
      return sendError(res, 400, apiMessage('malformedJson'));
    case 'entity.too.large':
      return sendError(res, 413, apiMessage('bodyTooLarge'));
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return sendError(res, 415, apiMessage('unsupportedEncoding'));
    case 'request.aborted':
      return sendError(res, 400, apiMessage('requestAborted'));
  }
  // Any other body the parser could not read (a Content-Encoding that lies about its bytes…).
  if (
    parserError.expose &&
    typeof parserError.status === 'number' &&
    parserError.status >= 400 &&
    parserError.status < 500
  )
    return sendError(res, parserError.status, apiMessage('bodyUnreadable'), { key: 'bodyUnreadable' });
  logOf().error({ err: error }, 'Unhandled API error');
  return sendError(res, 500, apiMessage('internal'));
};
