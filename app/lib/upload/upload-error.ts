import { withPermissionLabels } from '~/lib/permissions';

/**
 * The one error type of the browser uploader. `key` names a message of the `errors` namespace sent
 * by the server in its envelope (`error.key`, with `params`); `code` names one of our own messages
 * (`upload.errors.*`) for failures the browser finds itself. Translate with uploadErrorText.
 */

export type UploadErrorKind =
  /** No answer: offline, DNS, CORS, connection reset, timeout. */
  | 'network'
  /** A 5xx answer. */
  | 'server'
  /** Stopped by the user (pause, cancel) or by an AbortSignal. */
  | 'cancelled'
  /** Any other non-2xx answer. */
  | 'http'
  /** The browser's own checks: bad server data, a call in the wrong state. */
  | 'client';

/** Our own messages: keys of `upload.errors` in app/locales/{en,zh}/upload.ts. */
export type UploadErrorCode =
  | 'network'
  | 'timeout'
  | 'server'
  | 'http'
  | 'cancelled'
  | 'uploadFailed'
  | 'presignFailed'
  | 'partFailed'
  | 'incompleteInfo'
  | 'notPaused'
  | 'insufficientStorage'
  | 'downloadFailed';

export interface UploadErrorDetails {
  key?: string;
  params?: Record<string, unknown>;
  status?: number;
  code?: UploadErrorCode;
  cause?: unknown;
}

export class UploadError extends Error {
  readonly kind: UploadErrorKind;
  readonly key?: string;
  readonly params?: Record<string, unknown>;
  readonly status?: number;
  readonly code?: UploadErrorCode;

  constructor(kind: UploadErrorKind, message: string, details: UploadErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'UploadError';
    this.kind = kind;
    this.key = details.key;
    this.params = details.params;
    this.status = details.status;
    this.code = details.code;
  }
}

export function isUploadError(error: unknown): error is UploadError {
  return error instanceof UploadError;
}

export function isCancelled(error: unknown): boolean {
  return error instanceof UploadError ? error.kind === 'cancelled' : isAbortError(error);
}

function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    ((error as { name: unknown }).name === 'AbortError' || (error as { name: unknown }).name === 'TimeoutError')
  );
}

/** docs/product/spec.md §5: a message naming insufficient storage, from servers that send no `error.key`. */
const INSUFFICIENT = /存储空间不足|insufficient storage|exceed|容量/i;

interface Envelope {
  code?: unknown;
  message?: unknown;
  success?: unknown;
  error?: { key?: unknown; params?: unknown };
}

/** The UploadError of a non-2xx (or success:false) JSON answer. */
export function errorFromEnvelope(status: number, body: unknown): UploadError {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Envelope;
  const message = typeof envelope.message === 'string' && envelope.message ? envelope.message : `HTTP ${status}`;
  const key = typeof envelope.error?.key === 'string' ? envelope.error.key : undefined;
  const params =
    typeof envelope.error?.params === 'object' && envelope.error.params !== null
      ? (envelope.error.params as Record<string, unknown>)
      : undefined;
  const kind: UploadErrorKind = status === 0 ? 'network' : status >= 500 ? 'server' : 'http';
  const code = !key && INSUFFICIENT.test(message) ? 'insufficientStorage' : undefined;
  return new UploadError(kind, message, { key, params, status, code });
}

/** Any thrown value as an UploadError: aborts become `cancelled`, fetch's TypeError `network`. */
export function toUploadError(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (isAbortError(error)) return new UploadError('cancelled', 'cancelled', { code: 'cancelled', cause: error });
  if (error instanceof TypeError)
    return new UploadError('network', error.message || 'network error', { code: 'network', cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new UploadError('client', message, { code: 'uploadFailed', cause: error });
}

export function cancelledError(): UploadError {
  return new UploadError('cancelled', 'cancelled', { code: 'cancelled' });
}

/** The translation function and key check of i18next (`t`, `i18n.exists`). */
export interface Translator {
  t: (key: string, params?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

/**
 * The visitor-language text of an upload error: the server's message key first, then our own code,
 * then a message by kind (docs/product/spec.md §8: network error, server error, upload failed with the status).
 */
export function uploadErrorText(error: unknown, { t, exists }: Translator): string {
  const e = toUploadError(error);
  if (e.key && exists(`errors.${e.key}`))
    return t(
      `errors.${e.key}`,
      withPermissionLabels(e.params, (flag) => t(`keys.permissions.${flag}`)),
    );
  if (e.code) {
    const params = { status: e.status ?? '', ...e.params };
    if (e.code === 'partFailed' && e.cause !== undefined) {
      // "Part 3 failed after 3 retries: network error."
      return `${t('upload.errors.partFailed', params)} ${uploadErrorText(e.cause, { t, exists })}`;
    }
    if (e.code === 'http' && !e.status) return t('upload.errors.uploadFailed');
    return t(`upload.errors.${e.code}`, params);
  }
  switch (e.kind) {
    case 'network':
      return t('upload.errors.network');
    case 'server':
      return t('upload.errors.server');
    case 'cancelled':
      return t('upload.errors.cancelled');
    case 'http':
      return e.status ? t('upload.errors.http', { status: e.status }) : t('upload.errors.uploadFailed');
    default:
      return t('upload.errors.uploadFailed');
  }
}
