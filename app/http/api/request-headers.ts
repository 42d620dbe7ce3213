import type { Request } from 'express';
import { AppError } from '~/lib/errors';
import type { RequestAccess } from '~/models/requests/receive.server';
import { clientAddress } from './principal';

/** What a visitor sending a file to an upload request says in the headers (docs/api-extensions.md §9). */

/**
 * Who sends a file to a request, from a request's headers: `X-Request-Password` (curl) or
 * `X-Request-Grant` (the page, once unlocked), and `X-Request-Note` (percent-encoded UTF-8).
 */
export function requestAccess(req: Request): RequestAccess {
  const header = (name: string) => req.get(name) || null;
  return { password: header('x-request-password'), grant: header('x-request-grant'), address: clientAddress(req) };
}

export function noteOf(req: Request): string | null {
  const raw = req.get('x-request-note');
  if (!raw) return null;
  try {
    return decodeURIComponent(raw).slice(0, 1000);
  } catch {
    throw new AppError('invalid', 'invalidInput');
  }
}

/** A body's declared length, when the client gave one. */
export function declaredLength(req: Request): number | undefined {
  const value = Number(req.get('content-length'));
  return req.get('content-length') !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
}
