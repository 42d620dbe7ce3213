import type { Readable } from 'node:stream';
import { asRequestVisitor } from '~/models/request-scope.server';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { signGrant } from '~/models/grants.server';
import { byteLimit, through, tooLarge } from '~/storage/byte-limit';
import {
  admitSender,
  bytesFull,
  bytesLeft,
  findRequest,
  grantable,
  opens,
  perFileLimit,
  placeArrival,
  refuseIfShut,
  type RequestAccess,
} from './admit.server';
import { destinationOf, folderOf, writeArrival } from './destination.server';
import { cleanUploadName } from './names';
import { stateOf, toArrivalRecord, type ArrivalRecord, type RequestState } from './records.server';
import { releaseArrival, settleArrival } from './reserve.server';
import { arrivalTotals } from './totals.server';

/**
 * An upload request as its visitors reach it (issue 30, decision 0027): its page, its password
 * (the share passwords' limiter), and each file sent, written into the request's folder with its
 * creator's rights as they are now, within the request's limits.
 */

export type { RequestAccess };

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

export interface IncomingFile {
  name: string;
  body: Readable;
  /** The file's size when the client declared it exactly (a PUT's Content-Length). */
  size?: number;
  /** An upper bound when it is not exact (a form post's Content-Length). */
  atMost?: number;
  note?: string | null;
}

/**
 * Receives one file: refused before a byte is read when the request is shut, locked or the file is
 * declared too large; otherwise a place is reserved (reserve.server.ts) under a cleaned name that
 * nothing in the folder has yet, the bytes are streamed in (cut off at what was reserved) to the
 * folder or a new file share, and the place becomes the file's with its real size. A failure frees
 * the place and leaves no object.
 */
export function receiveFile(
  ctx: ModelContext,
  slug: string,
  access: RequestAccess,
  file: IncomingFile,
): Promise<{ name: string; size: number }> {
  return asRequestVisitor(slug, () => receive(ctx, slug, access, file));
}

async function receive(ctx: ModelContext, slug: string, access: RequestAccess, file: IncomingFile) {
  const row = await admitSender(ctx, slug, access);
  const perFile = await perFileLimit(ctx, row);
  if (file.size !== undefined && file.size > perFile) throw tooLarge(perFile);
  const destination = await destinationOf(ctx, row);
  const left = await bytesLeft(ctx, row);
  if (left <= 0 || (file.size !== undefined && file.size > left)) throw bytesFull(Math.max(0, left));
  // Exact: that many bytes. Otherwise as many as could fit, and the stream is cut there.
  const reserve = file.size ?? Math.min(file.atMost ?? Infinity, perFile, left);
  const note = file.note?.trim() || null;
  const { name, key, arrivalId } = await placeArrival(ctx, row, folderOf(destination), {
    base: cleanUploadName(file.name),
    reserve,
    note,
  });
  try {
    const cutAt = reserve < perFile && file.size === undefined ? bytesFull(reserve) : tooLarge(reserve);
    const limited = through(file.body, byteLimit(reserve));
    const written = await writeArrival(ctx, row, destination, {
      name,
      key,
      body: limited,
      size: file.size,
      note,
    }).catch((error) => {
      throw error instanceof AppError && error.messageKey === 'fileTooLarge' ? cutAt : error;
    });
    await settleArrival(ctx, arrivalId, written.size, written.fileId);
    return { name, size: written.size };
  } catch (error) {
    await releaseArrival(ctx, arrivalId);
    throw error;
  }
}
