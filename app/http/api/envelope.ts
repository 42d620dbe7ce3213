import type { Response } from 'express';

/**
 * The JSON envelope of api.md §1.2: `{code, message, data, success}`. On errors the HTTP status
 * always equals `code`. A few endpoints answer bare objects instead; they use res.json directly.
 */
export function sendOk(res: Response, message: string, data?: unknown, code = 200): void {
  res.status(200).json(data === undefined ? { code, message, success: true } : { code, message, data, success: true });
}

export function sendError(res: Response, status: number, message: string): void {
  res.status(status).json({ code: status, message, data: null, success: false });
}
