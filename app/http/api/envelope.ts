import type { Response } from 'express';

/**
 * The JSON envelope of docs/product/api.md §1.2: `{code, message, data, success}`. On errors the HTTP status
 * always equals `code`. A few endpoints answer bare objects instead; they use res.json directly.
 */
export function sendOk(res: Response, message: string, data?: unknown, code = 200): void {
  res.status(200).json(data === undefined ? { code, message, success: true } : { code, message, data, success: true });
}

/**
 * `error` (an extra field old clients ignore) names the message key and its values, so our own
 * pages can show the error in the visitor's language instead of the fixed Chinese `message`.
 */
export function sendError(
  res: Response,
  status: number,
  message: string,
  error?: { key: string; params?: Record<string, unknown> },
): void {
  res.status(status).json({ code: status, message, data: null, success: false, ...(error ? { error } : {}) });
}
