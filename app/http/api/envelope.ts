import type { Response } from 'express';

/**
 * The JSON envelope of docs/product/api.md §1.2: `{code, message, data, success}`. On errors the HTTP status
 * always equals `code`. A few endpoints answer bare objects instead: a presenter builds them and the
 * router sends them with res.json. `beside` are the few fields a list puts next to `data`
 * (`pagination`, `key_info`).
 */
export function sendOk(res: Response, message: string, data?: unknown, code = 200, beside?: object): void {
  res
    .status(200)
    .json(data === undefined ? { code, message, success: true } : { code, message, data, success: true, ...beside });
}

/** The login and logout answers: the envelope without `success` (docs/product/api.md §3.1). */
export function sendUnflagged(res: Response, message: string, data?: unknown): void {
  res.json(data === undefined ? { code: 200, message } : { code: 200, message, data });
}

/**
 * Done in part or not at all: `code` 202 and `success: false` with what was done in `data`. The
 * HTTP status is 200 where v0.7.3 answered so (batch-copy-commit), 202 otherwise.
 */
export function sendPartly(res: Response, message: string, data: unknown, httpStatus: 200 | 202 = 202): void {
  res.status(httpStatus).json({ code: 202, message, data, success: false });
}

/**
 * `error` (an extra field old clients ignore) names the message key and its values, so our own
 * pages can show the error in the visitor's language instead of the fixed Chinese `message`.
 */
export function sendError(res: Response, status: number, message: string, error?: ErrorKey): void {
  res.status(status).json(errorBody(status, message, error));
}

/** The message key and its values of an error answer. */
export interface ErrorKey {
  key: string;
  params?: Record<string, unknown>;
}

/** An error's envelope: `code` equals the HTTP status. */
export function errorBody(status: number, message: string, error?: ErrorKey) {
  return { code: status, message, data: null, success: false as const, ...(error ? { error } : {}) };
}
