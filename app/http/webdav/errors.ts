import type { Request } from 'express';
import {
  BadRequestError,
  ForbiddenError,
  ResourceExistsError,
  ResourceNotFoundError,
  ResourceTreeNotCompleteError,
  UnauthorizedError,
  type AuthResponse,
} from 'nephele';
import { hasTranslation, translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { toAppError } from '~/faults';
import { plainLocale } from '../request-locale.server';
import { setRetryAfter } from '../api/errors';
import { logOf } from '~/log.server';
import { challengeFor } from './clients';

/**
 * The WebDAV door's one error mapping (docs/architecture.md §1): model errors become the nephele
 * errors its methods branch on (a missing resource is a 404 to GET and a new one to PUT), and every
 * answer that is still an error gets its status, Retry-After and a plain-text message in the
 * caller's language. A busy database or an absent S3 is a 503, never a 500.
 */
export async function fromModel<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const mapped = toAppError(error);
    if (!(mapped instanceof AppError)) throw error;
    switch (mapped.kind) {
      case 'not_found':
        throw new ResourceNotFoundError(mapped.messageKey);
      case 'forbidden':
        throw new ForbiddenError(mapped.messageKey);
      case 'unauthenticated':
        throw new UnauthorizedError(mapped.messageKey);
      case 'invalid':
        throw new BadRequestError(mapped.messageKey);
      case 'conflict':
        // Something is already there (MKCOL: 405), or a folder above is missing (409).
        throw mapped.messageKey === 'fsExists'
          ? new ResourceExistsError(mapped.messageKey)
          : new ResourceTreeNotCompleteError(mapped.messageKey);
      default:
        throw mapped;
    }
  }
}

/** Statuses nephele errors carry, with the message key that explains them to a person. */
const KEYS: Record<number, string> = {
  400: 'davBadRequest',
  401: 'authRequired',
  403: 'davForbidden',
  404: 'fsNotFound',
  405: 'davNotAllowed',
  409: 'fsParentMissing',
  412: 'davPreconditionFailed',
  423: 'davLocked',
};

/** nephele's `errorHandler` option: every failed request ends here. */
export async function davErrorHandler(
  code: number,
  message: string,
  request: Request,
  response: AuthResponse,
  error?: Error,
): Promise<void> {
  if (response.headersSent || response.destroyed) {
    // The body had started: cutting the connection is the only honest end.
    if (code >= 400) response.destroy();
    else response.end();
    return;
  }
  if (code < 400) {
    // 304 Not Modified travels as an error in nephele, with the validators to send.
    const notModified = error as { etag?: string; lastModified?: Date } | undefined;
    if (notModified?.etag) response.set('ETag', JSON.stringify(notModified.etag));
    if (notModified?.lastModified) response.set('Last-Modified', notModified.lastModified.toUTCString());
    response.status(code).end();
    return;
  }
  const mapped = error ? toAppError(error) : undefined;
  let status = code;
  let text: string;
  const locale = await plainLocale(request);
  if (mapped instanceof AppError) {
    status = mapped.status;
    setRetryAfter(response, mapped);
    text = translate(locale, `errors.${mapped.messageKey}`, mapped.details);
  } else if (error && hasTranslation(locale, `errors.${error.message}`)) {
    // Our own nephele errors carry a message key (new ForbiddenError('fsRootReadOnly')).
    text = translate(locale, `errors.${error.message}`);
  } else if (KEYS[code]) {
    text = translate(locale, `errors.${KEYS[code]}`);
  } else {
    text = message;
  }
  if (status === 500)
    logOf().error(
      { err: error, method: request.method, path: request.originalUrl.split('?', 1)[0] },
      'WebDAV request failed',
    );
  if (status === 401)
    response.set({ 'WWW-Authenticate': challengeFor(request), 'Cache-Control': 'no-cache, no-store' });
  response.status(status).type('text/plain; charset=utf-8').send(`${text}\n`);
}
