import { authorize } from '~/auth/operations';
import { audit } from '~/models/audit/record.server';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import { hashPassword } from '~/auth/password.server';
import { randomString } from '~/auth/tokens.server';
import { isUniqueViolation } from '~/db/errors';
import { AppError } from '~/lib/errors';
import type { CreateRequestInput, UpdateRequestInput } from '~/lib/schemas/requests';
import type { ModelContext } from '~/models/context.server';
import { afterWrite } from '~/models/fs/after-write.server';
import { locate } from '~/models/fs/locate.server';
import { folderExists } from '~/models/fs/walk.server';
import { folderTree } from '~/models/fs/folders.server';
import { activeMountsFor, basePathOf } from '~/models/mounts/mounts.server';
import { sharesShowing } from '~/models/shares/manage/links-to.server';
import { isWithin } from '~/storage/vfs/path';
import { numberedName } from '~/lib/filename';
import { cleanUploadName } from './names';
import { toArrivalRecord, toRequestRecord, type ArrivalRecord, type UploadRequestRecord } from './records.server';
import { abandonRequestUploads } from './parts.server';
import { arrivalTotals } from './totals.server';

const HOUR_MS = 60 * 60 * 1000;
const SLUG_LENGTH = 8;

/**
 * Upload-request links as their creators manage them (issue 30, decision 0027): create (with a
 * folder of its own inside a mount folder the creator may write, or for file shares), list, look
 * at what arrived, close early and delete. A key sees and manages only its own requests; an admin sees all.
 */
export async function createUploadRequest(
  ctx: ModelContext,
  principal: Principal,
  input: CreateRequestInput,
): Promise<UploadRequestRecord> {
  authorize(principal, 'request.manage');
  const target = input.target ?? 'folder';
  if (target === 'shares') authorize(principal, 'file.upload');
  else if (!input.folder) throw new AppError('invalid', 'fsPathRequired');
  const into = target === 'folder' ? await ownFolder(ctx, principal, input.folder!, input.title) : '';
  const data = {
    title: input.title,
    note: input.note || null,
    target,
    folderPath: into,
    passwordHash: input.password ? await hashPassword(input.password) : null,
    expiresAt: input.expiresIn ? new Date(Date.now() + input.expiresIn * HOUR_MS) : null,
    maxFiles: input.maxFiles || null,
    maxFileBytes: input.maxFileBytes ? BigInt(input.maxFileBytes) : null,
    maxTotalBytes: input.maxTotalBytes ? BigInt(input.maxTotalBytes) : null,
    showArrivals: input.showArrivals ?? false,
    createdBy: creatorId(principal)!,
  };
  for (let attempt = 0; attempt < 10; attempt++) {
    const slug = input.slug || randomString(SLUG_LENGTH);
    try {
      const row = await ctx.db.uploadRequest.create({ data: { id: crypto.randomUUID(), slug, ...data } });
      audit(ctx, principal, { action: 'request.create', target: slug, detail: row.folderPath || null });
      return toRequestRecord(row, { files: 0, bytes: 0, newFiles: 0 });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.slug) throw new AppError('conflict', 'slugTaken');
    }
  }
  throw new AppError('unavailable', 'tryAgain');
}

/**
 * Makes the request's own folder inside `folder` (which the creator must be able to write): named
 * for its title, numbered when that name is taken. Its virtual path, ending in "/".
 */
async function ownFolder(ctx: ModelContext, principal: Principal, folder: string, title: string): Promise<string> {
  const parent = `${folder.replace(/\/+$/, '')}/`;
  const at = await locate(ctx, principal, parent, 'fs.upload', { writable: true });
  if (at.key !== '' && !(await folderExists(at.driver, at.key))) throw new AppError('not_found', 'fsNotFound');
  const name = cleanUploadName(title);
  for (let n = 1; n <= 100; n++) {
    const candidate = numberedName(name, n);
    const key = at.key ? `${at.key}/${candidate}` : candidate;
    if ((await at.driver.stat(key)) || (await folderExists(at.driver, key))) continue;
    await at.driver.createFolder(`${key}/`);
    await afterWrite(ctx, at, { kind: 'written', key });
    return `${parent}${candidate}/`;
  }
  throw new AppError('conflict', 'fsExists');
}

const mine = (principal: Principal) => (principal.kind === 'admin' ? {} : { createdBy: creatorId(principal) ?? '' });

/** The caller's requests (an admin's: everyone's), newest first, with what arrived through each. */
export async function listUploadRequests(ctx: ModelContext, principal: Principal): Promise<UploadRequestRecord[]> {
  authorize(principal, 'request.manage');
  const rows = await ctx.db.uploadRequest.findMany({ where: mine(principal), orderBy: { createdAt: 'desc' } });
  const totals = await arrivalTotals(ctx, rows);
  return rows.map((row) => toRequestRecord(row, totals.get(row.id)!));
}

async function ownRow(ctx: ModelContext, principal: Principal, id: string) {
  authorize(principal, 'request.manage');
  const row = await ctx.db.uploadRequest.findUnique({ where: { id } });
  // Someone else's request is answered as missing: its existence is none of the caller's business.
  if (!row || !isCreator(principal, row.createdBy)) throw new AppError('not_found', 'requestNotFound');
  return row;
}

/**
 * One request with its files, newest first. Looking counts as having seen them: the dashboard's
 * "new" count starts again from here.
 */
export async function getUploadRequest(
  ctx: ModelContext,
  principal: Principal,
  id: string,
): Promise<{ request: UploadRequestRecord; arrivals: ArrivalRecord[] }> {
  const row = await ownRow(ctx, principal, id);
  const [totals, arrivals] = await Promise.all([
    arrivalTotals(ctx, [row]),
    ctx.db.uploadArrival.findMany({ where: { requestId: id, stored: true }, orderBy: { createdAt: 'desc' } }),
  ]);
  await ctx.db.uploadRequest.update({ where: { id }, data: { seenAt: new Date() } });
  // A request of shares links each file to its share, while it is there to open.
  const fileIds = arrivals.flatMap((a) => (a.fileId ? [a.fileId] : []));
  const shares = fileIds.length
    ? await ctx.db.fileShare.findMany({
        where: { id: { in: fileIds }, status: 'ready' },
        select: { id: true, slug: true },
      })
    : [];
  const slugs = new Map(shares.map((s) => [s.id, s.slug]));
  return {
    request: toRequestRecord(row, totals.get(id)!),
    arrivals: arrivals.map((a) => toArrivalRecord(a, (a.fileId && slugs.get(a.fileId)) || null)),
  };
}

/**
 * Closes a request early: its link then says so, and takes nothing more (uploads in parts under
 * way are abandoned). Closing twice is fine.
 */
export async function closeUploadRequest(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  const row = await ownRow(ctx, principal, id);
  if (!row.closedAt) await ctx.db.uploadRequest.update({ where: { id }, data: { closedAt: new Date() } });
  await abandonRequestUploads(ctx, row);
  audit(ctx, principal, { action: 'request.close', target: row.slug });
}

/**
 * Edits a request (issue 47): its title, note, expiry and limits; `reopen` opens a closed or
 * expired one again, an expired one only with a new expiry (else it would be closed at once).
 * What arrived stays, and counts toward the new limits.
 */
export async function updateUploadRequest(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  input: UpdateRequestInput,
): Promise<void> {
  const row = await ownRow(ctx, principal, id);
  const expiresAt =
    input.expiresIn === undefined
      ? row.expiresAt
      : input.expiresIn
        ? new Date(Date.now() + input.expiresIn * HOUR_MS)
        : null;
  if (input.reopen && expiresAt !== null && expiresAt <= new Date())
    throw new AppError('invalid', 'requestReopenExpiry');
  await ctx.db.uploadRequest.update({
    where: { id },
    data: {
      ...(input.title !== undefined && { title: input.title }),
      ...(input.note !== undefined && { note: input.note || null }),
      expiresAt,
      ...(input.maxFiles !== undefined && { maxFiles: input.maxFiles || null }),
      ...(input.maxFileBytes !== undefined && { maxFileBytes: input.maxFileBytes ? BigInt(input.maxFileBytes) : null }),
      ...(input.maxTotalBytes !== undefined && {
        maxTotalBytes: input.maxTotalBytes ? BigInt(input.maxTotalBytes) : null,
      }),
      ...(input.showArrivals !== undefined && { showArrivals: input.showArrivals }),
      ...(input.reopen && { closedAt: null }),
    },
  });
  audit(ctx, principal, { action: input.reopen ? 'request.reopen' : 'request.update', target: row.slug });
}

/** Deletes a request and its list of arrivals; the files it received stay in their folder. */
export async function deleteUploadRequest(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  const row = await ownRow(ctx, principal, id);
  await abandonRequestUploads(ctx, row);
  await ctx.db.uploadRequest.deleteMany({ where: { id } });
  audit(ctx, principal, { action: 'request.delete', target: row.slug });
}

/**
 * The admin page's data in one call: the caller's requests, the one asked for (`openId`) with what
 * arrived, and folders to suggest for a new request (the mounts a key's base path reaches, or the
 * base path itself).
 */
export async function uploadRequestsPage(
  ctx: ModelContext,
  principal: Principal,
  openId: string | null,
  folder: string | null = null,
  pick: string | null = null,
) {
  // The open one first: looking at it makes its arrivals no longer new in the list.
  const open = openId ? await getUploadRequest(ctx, principal, openId) : null;
  const requests = await listUploadRequests(ctx, principal);
  const base = basePathOf(principal);
  const mounts = (await activeMountsFor(ctx, principal)).map((mount) => mount.mountPath);
  const folders = mounts.filter((path) => isWithin(path, base));
  // A new request into a shared folder: its arrivals will be visible through those links.
  const folderShares = folder ? await sharesShowing(ctx, principal, folder) : 0;
  // The new request's folder is picked from a tree, open at the folder asked for (`pick`: one the
  // visitor opened without JavaScript), else at the first the caller may write.
  const suggested = folders.length ? folders : [base];
  const tree = await folderTree(ctx, principal, pick ?? folder ?? suggested[0]!, 'upload');
  return { requests, open, folders: suggested, folderShares, tree };
}
