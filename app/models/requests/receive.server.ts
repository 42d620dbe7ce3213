import type { Readable } from 'node:stream';
import { verifyPassword } from '~/auth/password.server';
import type { UploadRequest } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { formatBytes } from '~/lib/format';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { principalOfCreator } from '~/models/accounts/principal.server';
import { afterWrite } from '~/models/fs/after-write.server';
import { locate } from '~/models/fs/locate.server';
import { folderExists } from '~/models/fs/walk.server';
import type { InMount } from '~/models/fs/types';
import { grantOpens, signGrant } from '~/models/grants.server';
import { byteLimit, maxUploadBytes, tooLarge } from '~/models/storage/upload-limits.server';
import { cleanUploadName, numberedName } from './names';
import { stateOf, toArrivalRecord, type ArrivalRecord, type RequestState } from './records.server';
import { releaseArrival, reserveArrival, settleArrival } from './reserve.server';
import { arrivalTotals } from './totals.server';

/**
 * An upload request as its visitors reach it (issue 30, decision 0027): its page, its password
 * (the share passwords' limiter), and each file sent, written into the request's folder with its
 * creator's rights as they are now, within the request's limits.
 */

export interface RequestAccess {
  password?: string | null;
  grant?: string | null;
  /** The client's address, for the password limiter. */
  address: string;
}

/** What a visitor sees: never the folder, the creator or a hash. */
export interface PublicRequest {
  slug: string;
  title: string;
  note: string | null;
  hasPassword: boolean;
  /** True until the visitor gave the password (or a grant). */
  locked: boolean;
  /** Stands in for the password in the page's forms and uploads once given. */
  grant: string | null;
  expiresAt: Date | null;
  maxFiles: number | null;
  maxFileBytes: number;
  maxTotalBytes: number | null;
  files: number;
  bytes: number;
  state: RequestState;
  /** What others sent (names, sizes, times), when the creator lets uploaders see it. */
  arrivals: ArrivalRecord[] | null;
}

const grantable = (row: UploadRequest) => ({ purpose: 'request-grant', id: row.id, passwordHash: row.passwordHash });

async function findRequest(ctx: ModelContext, slug: string): Promise<UploadRequest> {
  const row = await ctx.db.uploadRequest.findUnique({ where: { slug } });
  if (!row) throw new AppError('not_found', 'requestNotFound');
  return row;
}

/** Closed or expired requests answer 410 with the reason; a full one still shows what it holds. */
function refuseIfShut(row: UploadRequest): void {
  if (row.closedAt) throw new AppError('gone', 'requestClosed');
  if (row.expiresAt && row.expiresAt <= new Date()) throw new AppError('gone', 'requestExpired');
}

/** Whether the visitor may send: no password, a valid grant, or the right password (rate-limited). */
async function opens(ctx: ModelContext, row: UploadRequest, access: RequestAccess): Promise<boolean> {
  if (!row.passwordHash) return true;
  if (access.grant && grantOpens(ctx.masterKey, grantable(row), access.grant)) return true;
  if (!access.password) return false;
  const right = async () => ((await verifyPassword(access.password!, row.passwordHash!)) ? true : null);
  await ctx.passwordLimiter.guard(access.address, right, new AppError('forbidden', 'passwordIncorrect'));
  return true;
}

/** GET /r/{slug} and /api/public/upload-requests/{slug}: the page's data; a password given unlocks it. */
export async function visitUploadRequest(
  ctx: ModelContext,
  slug: string,
  access: RequestAccess,
): Promise<PublicRequest> {
  const row = await findRequest(ctx, slug);
  refuseIfShut(row);
  const open = await opens(ctx, row, access);
  const totals = (await arrivalTotals(ctx, [row])).get(row.id)!;
  const arrivals =
    open && row.showArrivals
      ? await ctx.db.uploadArrival.findMany({
          where: { requestId: row.id, stored: true },
          orderBy: { createdAt: 'desc' },
          take: 200,
        })
      : null;
  return {
    slug: row.slug,
    title: row.title,
    note: row.note,
    hasPassword: row.passwordHash !== null,
    locked: !open,
    grant: open && row.passwordHash ? signGrant(ctx.masterKey, grantable(row), 6 * 3600) : null,
    expiresAt: row.expiresAt,
    maxFiles: row.maxFiles,
    maxFileBytes: await perFileLimit(ctx, row),
    maxTotalBytes: row.maxTotalBytes === null ? null : Number(row.maxTotalBytes),
    files: totals.files,
    bytes: totals.bytes,
    state: stateOf(row, totals),
    // What others sent, without their notes: those are for the creator.
    arrivals: arrivals?.map((a) => ({ ...toArrivalRecord(a), note: null })) ?? null,
  };
}

async function perFileLimit(ctx: ModelContext, row: UploadRequest): Promise<number> {
  const global = await maxUploadBytes(ctx);
  return row.maxFileBytes === null ? global : Math.min(global, Number(row.maxFileBytes));
}

export interface IncomingFile {
  name: string;
  body: Readable;
  /** The file's size when the client declared it exactly (a PUT's Content-Length). */
  size?: number;
  /** An upper bound when it is not exact (a form post's Content-Length). */
  atMost?: number;
  note?: string | null;
}

const REFUSALS = new Set(['unauthenticated', 'forbidden', 'not_found', 'invalid']);

/** Where a request's files go: its folder, reached with its creator's rights as they are now. */
async function requestFolder(ctx: ModelContext, row: UploadRequest): Promise<InMount> {
  const creator = await principalOfCreator(ctx, row.createdBy);
  try {
    const at = await locate(ctx, creator, row.folderPath, 'fs.upload');
    if (at.kind === 'mount' && at.key !== '') return at;
  } catch (error) {
    // A fault (storage or database away) is said as such; a refusal means the link is done.
    if (!(error instanceof AppError) || !REFUSALS.has(error.kind)) throw error;
  }
  // The creator lost the right to write there (or the mount is gone): the link cannot take files.
  throw new AppError('gone', 'requestUnavailable');
}

/**
 * Receives one file: refused before a byte is read when the request is shut, locked or the file is
 * declared too large; otherwise a place is reserved (reserve.server.ts) under a cleaned name that
 * nothing in the folder has yet, the bytes are streamed in (cut off at what was reserved), and the
 * place becomes the file's with its real size. A failure frees the place and leaves no object.
 */
export async function receiveFile(
  ctx: ModelContext,
  slug: string,
  access: RequestAccess,
  file: IncomingFile,
): Promise<{ name: string; size: number }> {
  const row = await findRequest(ctx, slug);
  refuseIfShut(row);
  if (!(await opens(ctx, row, access))) throw new AppError('unauthenticated', 'requestPasswordRequired');
  const perFile = await perFileLimit(ctx, row);
  if (file.size !== undefined && file.size > perFile) throw tooLarge(perFile);
  const at = await requestFolder(ctx, row);
  const left = await bytesLeft(ctx, row);
  if (left <= 0 || (file.size !== undefined && file.size > left)) throw bytesFull(Math.max(0, left));
  // Exact: that many bytes. Otherwise as many as could fit, and the stream is cut there.
  const reserve = file.size ?? Math.min(file.atMost ?? Infinity, perFile, left);
  const base = cleanUploadName(file.name);
  const note = file.note?.trim() || null;
  for (let n = 1; n <= 100; n++) {
    const name = numberedName(base, n);
    const key = `${at.key}/${name}`;
    if ((await at.driver.stat(key)) || (await folderExists(at.driver, key))) continue;
    const reserved = await reserveArrival(ctx, row.id, name, reserve, note);
    if (!reserved.ok && reserved.why === 'taken') continue;
    if (!reserved.ok) throw await whyRefused(ctx, row.id);
    try {
      const cutAt = reserve < perFile && file.size === undefined ? bytesFull(reserve) : tooLarge(reserve);
      const limited = file.body.pipe(byteLimit(reserve)).on('error', () => undefined);
      file.body.on('error', (error) => limited.destroy(error));
      const written = await at.driver.write(key, limited, { contentType: mimeFromFilename(name) }).catch((error) => {
        throw error instanceof AppError && error.messageKey === 'fileTooLarge' ? cutAt : error;
      });
      await settleArrival(ctx, reserved.arrivalId, written.size);
      await afterWrite(ctx, at, { kind: 'written', key, file: written });
      return { name, size: written.size };
    } catch (error) {
      await releaseArrival(ctx, reserved.arrivalId);
      throw error;
    }
  }
  throw new AppError('conflict', 'fsExists');
}

async function bytesLeft(ctx: ModelContext, row: UploadRequest): Promise<number> {
  if (row.maxTotalBytes === null) return Infinity;
  const taken = await ctx.db.uploadArrival.aggregate({ where: { requestId: row.id }, _sum: { reserved: true } });
  return Number(row.maxTotalBytes) - Number(taken._sum.reserved ?? 0);
}

const bytesFull = (left: number) => new AppError('too_large', 'requestBytesFull', { left: formatBytes(left) });

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
