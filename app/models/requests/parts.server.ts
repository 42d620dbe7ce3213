import { asRequestVisitor } from '~/models/request-scope.server';
import type { UploadArrival, UploadRequest } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import { planParts } from '~/lib/upload/part-size';
import type { ModelContext } from '~/models/context.server';
import { stripStored } from '~/models/settings/strip-metadata.server';
import { afterJoin } from '~/models/fs/direct.server';
import { withQuota } from '~/models/quotas/quotas.server';
import type { InMount } from '~/models/fs/types';
import {
  cancelUpload,
  completeMultipartUpload,
  initMultipartUpload,
  resumeMultipartUpload,
  UPLOAD_LIFETIME_S,
} from '~/models/shares/create/direct-uploads.server';
import { checkParts, listStoredParts } from '~/models/storage/part-plan.server';
import { tooLarge } from '~/storage/byte-limit';
import { StorageError, type CompletedPart, type PartSizes } from '~/storage/types';
import { admitSender, bytesFull, bytesLeft, perFileLimit, placeArrival, type RequestAccess } from './admit.server';
import { destinationOf, folderOf, shareOptions, type Destination } from './destination.server';
import { cleanUploadName } from './names';
import { attachUpload, releaseArrival, settleArrival } from './reserve.server';

/**
 * Files sent to a request in parts (issue 30, docs/api-extensions.md §9): the page's uploader for
 * big files, pausable and resumed after a reload. The place (name and bytes) is reserved at the
 * start for the declared size, exactly as a one-request upload's; the parts go straight to storage
 * by signed URLs; complete holds them to the declared size before the file appears. The storage
 * upload's id is the uploader's handle: with the request's password or grant, it alone resumes,
 * completes or abandons the upload. A request of shares hands the parts to a pending file share of
 * its creator (the upload page's own flow, direct-uploads.server.ts); a folder's go to its mount.
 */

/** The upload's place and where it goes; 404 for an id this request does not have pending. */
async function pendingArrival(ctx: ModelContext, row: UploadRequest, uploadId: string) {
  const arrival = await ctx.db.uploadArrival.findUnique({ where: { uploadId } });
  if (!arrival || arrival.requestId !== row.id || arrival.stored) throw new AppError('not_found', 'uploadNotFound');
  const destination = await destinationOf(ctx, row);
  const at = folderOf(destination);
  return {
    arrival,
    destination,
    key: at ? `${at.key}/${arrival.name}` : '',
    plan: planParts(Number(arrival.reserved), arrival.partSize!),
  };
}

const sign = (at: InMount, key: string, uploadId: string, numbers: number[], sizes: PartSizes) =>
  at.driver.multipartSignParts(key, uploadId, numbers, at.expiresIn, { mounted: true, sizes });

/** Starts a file of `size` bytes: its place, its storage upload and a signed URL for every part. */
export async function startRequestUpload(
  ctx: ModelContext,
  slug: string,
  access: RequestAccess,
  file: { name: string; size: number; partSize?: number; note?: string | null },
) {
  const row = await admitSender(ctx, slug, access);
  const perFile = await perFileLimit(ctx, row);
  if (file.size > perFile) throw tooLarge(perFile);
  const destination = await destinationOf(ctx, row);
  const left = await bytesLeft(ctx, row);
  if (file.size > left) throw bytesFull(Math.max(0, left));
  const plan = planParts(file.size, file.partSize);
  const note = file.note?.trim() || null;
  const place = await placeArrival(ctx, row, folderOf(destination), {
    base: cleanUploadName(file.name),
    reserve: file.size,
    note,
  });
  let started: { uploadId: string; fileId: string | null; urls: { partNumber: number; url: string }[] } | null = null;
  try {
    if (destination.kind === 'shares') {
      const share = await initMultipartUpload(ctx, destination.sharer, {
        filename: place.name,
        size: file.size,
        partSize: plan.partSize,
        exactParts: true,
        options: shareOptions(row, note),
      });
      started = { uploadId: share.uploadId, fileId: share.file.id, urls: share.urls };
    } else {
      const { at } = destination;
      const { uploadId } = await at.driver.multipartInit(place.key, { contentType: mimeFromFilename(place.name) });
      started = { uploadId, fileId: null, urls: [] };
      const numbers = Array.from({ length: plan.partCount }, (_, i) => i + 1);
      started.urls = await sign(at, place.key, uploadId, numbers, plan);
    }
    await attachUpload(ctx, place.arrivalId, {
      uploadId: started.uploadId,
      fileId: started.fileId,
      partSize: plan.partSize,
    });
    return { uploadId: started.uploadId, name: place.name, ...plan, urls: started.urls };
  } catch (error) {
    if (started) await dropUpload(ctx, destination, place.key, started).catch(() => undefined);
    await releaseArrival(ctx, place.arrivalId);
    throw error;
  }
}

/** After a pause or a reload: the parts storage holds, and fresh URLs for the rest. */
export async function resumeRequestUpload(ctx: ModelContext, slug: string, access: RequestAccess, uploadId: string) {
  const row = await admitSender(ctx, slug, access);
  const { arrival, destination, key, plan } = await pendingArrival(ctx, row, uploadId);
  if (destination.kind === 'shares') {
    const resumed = await resumeMultipartUpload(ctx, destination.sharer, arrival.fileId!, uploadId, plan);
    return { uploadId, name: arrival.name, ...plan, parts: resumed.parts, urls: resumed.urls };
  }
  const stored = await listStoredParts(destination.at.driver, key, uploadId);
  const done = new Set(stored.map((p) => p.partNumber));
  const missing = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
  const urls = await sign(destination.at, key, uploadId, missing, plan);
  return { uploadId, name: arrival.name, ...plan, parts: stored, urls };
}

/**
 * Joins the parts into the file: every planned part, together exactly the declared size. A part
 * problem leaves the upload pending (send the part again); a name another writer took meanwhile
 * ends it (409), as the file must never overwrite anything.
 */
export function completeRequestUpload(
  ctx: ModelContext,
  slug: string,
  access: RequestAccess,
  input: { uploadId: string; parts: CompletedPart[] },
): Promise<{ name: string; size: number }> {
  return asRequestVisitor(slug, () => complete(ctx, slug, access, input));
}

async function complete(
  ctx: ModelContext,
  slug: string,
  access: RequestAccess,
  input: { uploadId: string; parts: CompletedPart[] },
) {
  const row = await admitSender(ctx, slug, access);
  const { arrival, destination, key, plan } = await pendingArrival(ctx, row, input.uploadId);
  if (input.parts.length !== plan.partCount)
    throw new AppError('invalid', 'uploadPartsInvalid', { count: plan.partCount });
  if (destination.kind === 'shares') {
    const share = await completeMultipartUpload(ctx, destination.sharer, {
      fileId: arrival.fileId!,
      uploadId: input.uploadId,
      parts: input.parts,
    });
    await settleArrival(ctx, arrival.id, share.size, share.id);
    return { name: arrival.name, size: share.size };
  }
  const { at } = destination;
  const parts = checkParts(input.parts, await listStoredParts(at.driver, key, input.uploadId), plan.totalSize);
  if (await at.driver.stat(key)) {
    await abandon(ctx, destination, key, arrival);
    throw new AppError('conflict', 'requestNameTaken', { name: arrival.name });
  }
  const join = () =>
    at.driver.multipartComplete(key, input.uploadId, parts).catch((error: unknown) => {
      if (error instanceof StorageError && error.kind === 'not_found')
        throw new AppError('not_found', 'uploadNotFound');
      if (error instanceof StorageError && error.kind !== 'unavailable')
        throw new AppError('conflict', 'uploadPartsRejected');
      throw error;
    });
  // The creator's quotas (decision 0034): reserved before the join, so a refusal leaves no file.
  let { etag } = await withQuota(ctx, at.principal, { bytes: plan.totalSize }, join, () => ({
    bytes: plan.totalSize,
  }));
  // Joined in place: a photo is written again without its location and camera at once (the setting).
  etag = (await stripStored(ctx, at.driver, key, arrival.name))?.etag ?? etag;
  const size = (await afterJoin(ctx, at, key, etag))?.size ?? plan.totalSize;
  await settleArrival(ctx, arrival.id, size);
  return { name: arrival.name, size };
}

/** The uploader gave up: the parts go, and the place is free again. */
export async function abortRequestUpload(ctx: ModelContext, slug: string, access: RequestAccess, uploadId: string) {
  const row = await admitSender(ctx, slug, access);
  const { arrival, destination, key } = await pendingArrival(ctx, row, uploadId);
  await abandon(ctx, destination, key, arrival);
}

/** Removes a storage upload in parts (and, for shares, its pending share). */
function dropUpload(
  ctx: ModelContext,
  destination: Destination,
  key: string,
  upload: { uploadId: string; fileId: string | null },
) {
  if (destination.kind === 'shares') return cancelUpload(ctx, destination.sharer, upload.fileId!, upload.uploadId);
  return destination.at.driver.multipartAbort(key, upload.uploadId);
}

async function abandon(ctx: ModelContext, destination: Destination, key: string, arrival: UploadArrival) {
  await dropUpload(ctx, destination, key, { uploadId: arrival.uploadId!, fileId: arrival.fileId });
  await releaseArrival(ctx, arrival.id);
}

/**
 * Uploads in parts of a request that stopped taking files (closed, deleted, or past their
 * lifetime): their parts are removed and their places freed. Best effort: a folder out of reach
 * leaves the parts to the storage janitor (direct-uploads.server.ts reapStaleUploads).
 */
export async function abandonRequestUploads(ctx: ModelContext, row: UploadRequest, olderThan?: Date) {
  const pending = await ctx.db.uploadArrival.findMany({
    where: {
      requestId: row.id,
      stored: false,
      uploadId: { not: null },
      ...(olderThan ? { createdAt: { lt: olderThan } } : {}),
    },
  });
  if (pending.length === 0) return 0;
  const destination = await destinationOf(ctx, row).catch(() => null);
  for (const arrival of pending) {
    const at = destination && folderOf(destination);
    const upload = { uploadId: arrival.uploadId!, fileId: arrival.fileId };
    if (destination)
      await dropUpload(ctx, destination, at ? `${at.key}/${arrival.name}` : '', upload).catch(() => undefined);
    await releaseArrival(ctx, arrival.id);
  }
  return pending.length;
}

/** Uploads in parts nobody finished within a share upload's lifetime (a day), then an hour's grace. */
const PARTS_STALE_MS = (UPLOAD_LIFETIME_S + 3600) * 1000;

/** The sweeper's: uploads in parts left unfinished past their lifetime. */
export async function reapStaleRequestUploads(ctx: ModelContext, now = Date.now()): Promise<number> {
  const before = new Date(now - PARTS_STALE_MS);
  const requests = await ctx.db.uploadRequest.findMany({
    where: { arrivals: { some: { stored: false, uploadId: { not: null }, createdAt: { lt: before } } } },
    take: 100,
  });
  let reaped = 0;
  for (const row of requests) reaped += await abandonRequestUploads(ctx, row, before);
  return reaped;
}
