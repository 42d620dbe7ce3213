import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { ZodError } from 'zod';
import { AppError } from '~/lib/errors';
import { toAppError } from '~/faults';
import { hasTranslation, translate } from '~/i18n/translate';
import { logOf } from '~/log.server';
import { errorBody, sendError, type ErrorKey } from './envelope';

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
function retryAfterOf(error: AppError): string | undefined {
  const seconds = error.details?.seconds;
  if (['rate_limited', 'unavailable', 'insufficient_storage'].includes(error.kind) && typeof seconds === 'number')
    return String(seconds);
  return undefined;
}

export function setRetryAfter(res: Pick<Response, 'setHeader'>, error: AppError): void {
  const seconds = retryAfterOf(error);
  if (seconds) res.setHeader('Retry-After', seconds);
}

/** An error's answer behind /api: its status, the envelope, and when to come back. */
export interface ApiErrorAnswer {
  status: number;
  body: ReturnType<typeof errorBody>;
  retryAfter?: string;
}

const answer = (status: number, message: string, error?: ErrorKey): ApiErrorAnswer => ({
  status,
  body: errorBody(status, message, error),
});

/**
 * What every error thrown behind /api answers, decided once: by the Express error handler below
 * and by the lanes that answer before Express (decisions 0019, 0046). Never a 500 for a caller's mistake.
 */
export function apiErrorAnswer(thrown: unknown): ApiErrorAnswer {
  const error = toAppError(thrown);
  if (error instanceof AppError) {
    const params = error.details;
    return {
      ...answer(error.status, apiMessage(error.messageKey, params), { key: error.messageKey, params }),
      retryAfter: retryAfterOf(error),
    };
  }
  if (error instanceof ZodError) {
    const key = error.issues[0]?.message;
    const known = key !== undefined && hasTranslation(API_LOCALE, `errors.${key}`);
    return answer(400, zodMessage(error), { key: known ? key : 'invalidInput' });
  }
  // Express could not decode a route parameter ("%E0%A4%A"): the address itself is malformed.
  if (error instanceof URIError) return answer(400, apiMessage('malformedUrl'), { key: 'malformedUrl' });
  const parserError = error as BodyParserError;
  switch (parserError.type) {
    case 'entity.parse.failed':
      return answer(400, apiMessage('malformedJson'));
    case 'entity.too.large':
      return answer(413, apiMessage('bodyTooLarge'));
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return answer(415, apiMessage('unsupportedEncoding'));
    case 'request.aborted':
      return answer(400, apiMessage('requestAborted'));
  }
  // Any other body the parser could not read (a Content-Encoding that lies about its bytes…).
  if (
    parserError.expose &&
    typeof parserError.status === 'number' &&
    parserError.status >= 400 &&
    parserError.status < 500
  )
    return answer(parserError.status, apiMessage('bodyUnreadable'), { key: 'bodyUnreadable' });
  logOf().error({ err: error }, 'Unhandled API error');
  return answer(500, apiMessage('internal'));
}

/** Maps every error thrown behind /api to the envelope, once (apiErrorAnswer). */
export const errorHandler: ErrorRequestHandler = (thrown, req, res, next) => {
  if (res.headersSent) return next(thrown);
  // Refused while its body was half-read (disk full mid-stream): the rest is still piped into the
  // failed write, so this connection cannot carry another request.
  if (!req.complete) res.setHeader('Connection', 'close');
  const { status, body, retryAfter } = apiErrorAnswer(thrown);
  if (retryAfter) res.setHeader('Retry-After', retryAfter);
  res.status(status).json(body);
};
