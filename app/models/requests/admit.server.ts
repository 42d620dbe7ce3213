import { verifyPassword } from '~/auth/password.server';
import type { UploadRequest } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { formatBytes } from '~/lib/format';
import type { ModelContext } from '~/models/context.server';
import { folderExists } from '~/models/fs/walk.server';
import type { InMount } from '~/models/fs/types';
import { grantOpens } from '~/models/grants.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { numberedName } from '~/lib/filename';
import { reserveArrival } from './reserve.server';

/**
 * Who may send a file to a request, and how much room is left (issue 30, decision 0027): shared by the one-request upload (receive.server.ts) and the upload in parts
 * (parts.server.ts).
 */

export interface RequestAccess {
  password?: string | null;
  grant?: string | null;
  /** The client's address, for the password limiter. */
  address: string;
}

export const grantable = (row: UploadRequest) => ({
  purpose: 'request-grant',
  id: row.id,
  passwordHash: row.passwordHash,
});

export async function findRequest(ctx: ModelContext, slug: string): Promise<UploadRequest> {
  const row = await ctx.db.uploadRequest.findUnique({ where: { slug } });
  if (!row) throw new AppError('not_found', 'requestNotFound');
  return row;
}

/** Closed or expired requests answer 410 with the reason; a full one still shows what it holds. */
export function refuseIfShut(row: UploadRequest): void {
  if (row.closedAt) throw new AppError('gone', 'requestClosed');
  if (row.expiresAt && row.expiresAt <= new Date()) throw new AppError('gone', 'requestExpired');
}

/** Whether the visitor may send: no password, a valid grant, or the right password (rate-limited). */
export async function opens(ctx: ModelContext, row: UploadRequest, access: RequestAccess): Promise<boolean> {
  if (!row.passwordHash) return true;
  if (access.grant && grantOpens(ctx.masterKey, grantable(row), access.grant)) return true;
  if (!access.password) return false;
  const right = async () => ((await verifyPassword(access.password!, row.passwordHash!)) ? true : null);
  await ctx.passwordLimiter.guard(access.address, right, new AppError('forbidden', 'passwordIncorrect'));
  return true;
}

/** The request a sender may send to now: it exists, is open, and the password or grant opens it. */
export async function admitSender(ctx: ModelContext, slug: string, access: RequestAccess): Promise<UploadRequest> {
  const row = await findRequest(ctx, slug);
  refuseIfShut(row);
  if (!(await opens(ctx, row, access))) throw new AppError('unauthenticated', 'requestPasswordRequired');
  return row;
}

export async function perFileLimit(ctx: ModelContext, row: UploadRequest): Promise<number> {
  const global = await maxUploadBytes(ctx);
  return row.maxFileBytes === null ? global : Math.min(global, Number(row.maxFileBytes));
}

export async function bytesLeft(ctx: ModelContext, row: UploadRequest): Promise<number> {
  if (row.maxTotalBytes === null) return Infinity;
  const taken = await ctx.db.uploadArrival.aggregate({ where: { requestId: row.id }, _sum: { reserved: true } });
  return Number(row.maxTotalBytes) - Number(taken._sum.reserved ?? 0);
}

export const bytesFull = (left: number) => new AppError('too_large', 'requestBytesFull', { left: formatBytes(left) });

/** Why a reservation was refused, as things are now: shut, out of places, or out of bytes. */
async function whyRefused(ctx: ModelContext, id: string): Promise<AppError> {
  const row = await ctx.db.uploadRequest.findUnique({ where: { id } });
  if (!row) return new AppError('gone', 'requestClosed');
  try {
    refuseIfShut(row);
  } catch (error) {
    return error as AppError;
  }
  const count = await ctx.db.uploadArrival.count({ where: { requestId: id } });
  if (row.maxFiles !== null && count >= row.maxFiles) return new AppError('conflict', 'requestFilesFull');
  return bytesFull(Math.max(0, await bytesLeft(ctx, row)));
}

/**
 * A place for a file of at most `reserve` bytes in the request: the cleaned name, or the first
 * numbered one ("a (2).txt") that neither the folder nor another upload holds, reserved
 * within the request's limits (reserve.server.ts). Refused with the reason when the limits are met.
 */
export async function placeArrival(
  ctx: ModelContext,
  row: UploadRequest,
  /** The request's folder; none for a request of shares (only its own arrivals hold names). */
  at: InMount | null,
  file: { base: string; reserve: number; note: string | null },
): Promise<{ name: string; key: string; arrivalId: string }> {
  for (let n = 1; n <= 100; n++) {
    const name = numberedName(file.base, n);
    const key = at ? `${at.key}/${name}` : name;
    if (at && ((await at.driver.stat(key)) || (await folderExists(at.driver, key)))) continue;
    const reserved = await reserveArrival(ctx, row.id, name, file.reserve, file.note);
    if (!reserved.ok && reserved.why === 'taken') continue;
    if (!reserved.ok) throw await whyRefused(ctx, row.id);
    return { name, key, arrivalId: reserved.arrivalId };
  }
  throw new AppError('conflict', 'fsExists');
}
