/**
 * The one error vocabulary of the domain (docs/architecture.md §1). Models throw AppError; each door maps the
 * kind to its own protocol once (JSON envelope status, form error, WebDAV status).
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'gone'
  | 'conflict'
  | 'too_large'
  | 'range_not_satisfiable'
  | 'rate_limited'
  | 'insufficient_storage'
  | 'unavailable';

export const errorStatus: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  too_large: 413,
  range_not_satisfiable: 416,
  rate_limited: 429,
  insufficient_storage: 507,
  unavailable: 503,
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  /** i18n key under the `errors` namespace; the door translates it. */
  readonly messageKey: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, messageKey: string, details?: Record<string, unknown>) {
    super(messageKey);
    this.name = 'AppError';
    this.kind = kind;
    this.messageKey = messageKey;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.kind];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
