import { randomUUID } from 'node:crypto';
import { creatorId, type Principal } from '~/auth/principal';
import type { FsPresign } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import { planParts } from '~/lib/upload/part-size';
import type { ModelContext } from '~/models/context.server';
import { stripStored } from '~/models/settings/strip-metadata.server';
import { checkParts } from '~/models/storage/part-plan.server';
import { StorageError, type CompletedPart } from '~/storage/types';
import { parseVirtualPath } from '~/storage/vfs/path';
import { afterWrite } from './after-write.server';
import { chargeQuota, releaseQuota, reserveQuota, settleQuota } from '~/models/quotas/quotas.server';
import { locate } from './locate.server';
import type { InMount } from './types';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { tooLarge } from '~/storage/byte-limit';
import { configStorage, replacing } from './bin/keep.server';
import { settleName, type OnConflict } from './conflicts.server';
import { RESERVED } from '~/lib/reserved-names';

/**
 * Browser uploads straight to mounted storage (docs/product/api.md §3.10 fs/presign and
 * fs/multipart): the explorer PUTs to presigned URLs (S3's, or the app's signed URLs of a local
 * storage, docs/decisions/0010-mounted-local-uploads.md), and commit or complete tells the app. A
 * single PUT lands on a pending key of the storage and a multipart upload is joined only once every
 * limit holds, so a refused upload never touches the file it would replace (issue 42, item 1); the
 * key's quota is reserved when the upload starts (item 9); what an upload replaces goes to the
 * recycle bin (item 15).
 */

/** Presigned upload URLs of the explorer live an hour (as in v0.7.3). */
const PUT_URL_SECONDS = 3600;

/** Where presigned PUTs into mounts wait for their commit: the storage's own, reserved prefix. */
const PENDING_PREFIX = RESERVED.pendingFs;

/** The file `fileName` in the folder `dir`, located for an upload by this principal. */
async function target(ctx: ModelContext, principal: Principal, dir: string | undefined, fileName: string | undefined) {
  if (!dir) throw new AppError('invalid', 'fsPathRequired');
  if (!fileName || /[\\/]/.test(fileName)) throw new AppError('invalid', 'filenameInvalid');
  const path = `${dir.replace(/\/+$/, '')}/${fileName}`;
  if (!parseVirtualPath(path)) throw new AppError('invalid', 'fsPathInvalid');
  return locate(ctx, principal, path, 'fs.upload', { writable: true });
}

export interface FsUploadInput {
  path?: string;
  fileName?: string;
  contentType?: string;
  fileSize?: number;
  /** An upload onto a name that is taken: replace (the default, as v0.7.3), keep both, or skip. */
  onConflict?: OnConflict;
}

/**
 * POST /fs/presign: the PUT goes to a pending key of the storage — never over the file it may
 * replace — and takes exactly the size declared; the key's quota is reserved now. The commit
 * checks every limit before the bytes go into place.
 */
export async function presignFsUpload(ctx: ModelContext, principal: Principal, input: FsUploadInput) {
  const at = await target(ctx, principal, input.path, input.fileName);
  const name = await settleName(at, input.onConflict);
  const contentType = input.contentType || mimeFromFilename(input.fileName!);
  const settled = { key: name.key, targetPath: name.path, mount: at.mount, contentType };
  if (name.skipped) return { ...settled, skipped: true as const };
  const max = await maxUploadBytes(ctx);
  if (input.fileSize !== undefined && input.fileSize > max) throw tooLarge(max);
  const hold = await reserveQuota(ctx, principal, { bytes: input.fileSize });
  const id = randomUUID();
  const pendingKey = `${PENDING_PREFIX}${id}`;
  try {
    const storage = await configStorage(ctx, at.configId);
    const url = await storage.presignPut(pendingKey, {
      expiresIn: PUT_URL_SECONDS,
      contentType,
      mounted: true,
      size: input.fileSize,
    });
    await ctx.db.fsPresign.create({
      data: {
        id,
        mountId: at.mount.id,
        key: name.key,
        pendingKey,
        declaredSize: input.fileSize === undefined ? null : BigInt(input.fileSize),
        onConflict: input.onConflict ?? 'replace',
        chargeId: hold?.id ?? null,
        createdBy: creatorId(principal),
        expiresAt: new Date(Date.now() + PUT_URL_SECONDS * 1000),
      },
    });
    return { ...settled, skipped: false as const, url, fileId: id };
  } catch (error) {
    await releaseQuota(ctx, hold);
    throw error;
  }
}

/** Forgets a presigned upload: its pending bytes and its quota reservation go. */
async function dropPresign(ctx: ModelContext, row: FsPresign, configId: string | null) {
  if (configId) await (await configStorage(ctx, configId)).remove([row.pendingKey]).catch(() => undefined);
  await ctx.db.fsPresign.deleteMany({ where: { id: row.id } });
  if (row.chargeId) await releaseQuota(ctx, { id: row.chargeId, cap: null });
}

/** The presigned upload a commit names: its id (the presign's fileId), else the newest to that path by the caller. */
async function presignOf(ctx: ModelContext, principal: Principal, input: { fileId?: string; targetPath?: string }) {
  const createdBy = creatorId(principal);
  if (input.fileId) {
    const row = await ctx.db.fsPresign.findUnique({ where: { id: input.fileId } });
    if (row && row.createdBy === createdBy) return row;
  } else {
    const at = await locate(ctx, principal, input.targetPath, 'fs.upload');
    const row =
      at.kind === 'mount'
        ? await ctx.db.fsPresign.findFirst({
            where: { mountId: at.mount.id, key: at.key, createdBy },
            orderBy: { createdAt: 'desc' },
          })
        : null;
    if (row) return row;
  }
  throw new AppError('not_found', 'uploadNotFound');
}

/**
 * After a presigned PUT: the bytes are at their pending key; every limit is checked — the max
 * upload size, the size declared, the key's quota, the right to replace — and only then are they
 * moved into place. A refused upload leaves the folder as it was and no bytes behind.
 */
export async function commitFsUpload(
  ctx: ModelContext,
  principal: Principal,
  input: { fileId?: string; targetPath?: string },
) {
  const row = await presignOf(ctx, principal, input);
  const mount = await ctx.db.mount.findUnique({ where: { id: row.mountId } });
  const refuse = async (error: unknown, configId = mount?.storageConfigId ?? null): Promise<never> => {
    await dropPresign(ctx, row, configId);
    throw error;
  };
  const virtual = mount ? `${mount.mountPath.replace(/\/$/, '')}/${row.key}` : undefined;
  const at = await locate(ctx, principal, virtual, 'fs.upload', { writable: 'entry' }).catch(refuse);
  const storage = await configStorage(ctx, at.configId);
  let info = await storage.stat(row.pendingKey);
  // Not there (yet): the PUT may still come, while its URL lives.
  if (!info) throw new AppError('invalid', 'uploadIncomplete');
  const max = await maxUploadBytes(ctx);
  if (info.size > max) await refuse(tooLarge(max));
  const declared = row.declaredSize === null ? null : Number(row.declaredSize);
  if (declared !== null && info.size !== declared)
    await refuse(new AppError('invalid', 'uploadSizeMismatch', { stored: info.size, declared }));
  // A photo loses its location and camera at its pending key, before it is in the folder (the setting).
  info = (await stripStored(ctx, storage, row.pendingKey, row.key)) ?? info;
  const name = await settleName(at, row.onConflict as OnConflict).catch(refuse);
  const fileName = name.path.split('/').pop()!;
  if (name.skipped) {
    await dropPresign(ctx, row, at.configId);
    return { fileName, targetPath: name.path, size: 0, skipped: true };
  }
  // The reservation becomes the real size, or the commit is refused with the limit it passes.
  const hold = row.chargeId ? { id: row.chargeId, cap: null } : null;
  await (hold ? settleQuota(ctx, hold, info.size) : chargeQuota(ctx, principal, { bytes: info.size })).catch(refuse);
  await replacing(ctx, at, name.key, () => storage.move(row.pendingKey, at.mount.rootFolder + name.key));
  await ctx.db.fsPresign.deleteMany({ where: { id: row.id } });
  const placed = await at.driver.stat(name.key);
  await afterWrite(ctx, at, {
    kind: 'written',
    key: name.key,
    file: { size: info.size, etag: placed?.etag ?? info.etag, modified: placed?.lastModified ?? info.lastModified },
  });
  return { fileName, targetPath: name.path, size: info.size, skipped: false };
}

/**
 * POST /fs/multipart/init: the name settled (replace, keep both, skip), the size checked, the key's
 * quota reserved for the declared size, and the plan recorded that complete holds the upload to.
 */
export async function initFsMultipart(
  ctx: ModelContext,
  principal: Principal,
  input: FsUploadInput & { fileSize: number; partSize?: number },
) {
  const located = await target(ctx, principal, input.path, input.fileName);
  const name = await settleName(located, input.onConflict);
  const max = await maxUploadBytes(ctx);
  if (input.fileSize > max) throw tooLarge(max);
  const at = { ...located, key: name.key };
  const contentType = mimeFromFilename(input.fileName!);
  const plan = planParts(input.fileSize, input.partSize);
  if (name.skipped) return { skipped: true as const, key: name.key, mount: at.mount, plan, path: name.path };
  const hold = await reserveQuota(ctx, principal, { bytes: input.fileSize });
  let uploadId: string | null = null;
  try {
    ({ uploadId } = await at.driver.multipartInit(at.key, { contentType }));
    // What complete holds the upload to: the parts of this plan, this size (issue 27 B5).
    await ctx.db.fsUpload.create({
      data: {
        uploadId,
        mountId: at.mount.id,
        key: at.key,
        declaredSize: BigInt(input.fileSize),
        partCount: plan.partCount,
        chargeId: hold?.id ?? null,
      },
    });
  } catch (error) {
    if (uploadId) await at.driver.multipartAbort(at.key, uploadId).catch(() => undefined);
    await releaseQuota(ctx, hold);
    throw error;
  }
  const numbers = Array.from({ length: plan.partCount }, (_, i) => i + 1);
  const urls = await at.driver.multipartSignParts(at.key, uploadId, numbers, at.expiresIn, { mounted: true });
  return { skipped: false as const, uploadId, key: at.key, mount: at.mount, plan, urls, path: name.path };
}

/**
 * The upload as its init declared it, at the name init settled; none for an unknown id or another
 * mount's (404). Uploads started before the declaration was kept have none: they start again.
 */
async function declaredUpload(ctx: ModelContext, at: InMount, uploadId: string) {
  const declared = await ctx.db.fsUpload.findUnique({ where: { uploadId } });
  if (!declared || declared.mountId !== at.mount.id) throw new AppError('not_found', 'uploadNotFound');
  const parent = at.key.includes('/') ? at.key.slice(0, at.key.lastIndexOf('/') + 1) : '';
  // Its own folder only: the name may be the numbered one init chose ("keep both").
  if (!declared.key.startsWith(parent) || declared.key.slice(parent.length).includes('/'))
    throw new AppError('not_found', 'uploadNotFound');
  return declared;
}

/** The virtual path of a key in `at`'s mount. */
const pathIn = (at: InMount, key: string) => `${at.mount.mountPath.replace(/\/$/, '')}/${key}`;

export async function completeFsMultipart(
  ctx: ModelContext,
  principal: Principal,
  input: { path?: string; fileName?: string; uploadId: string; parts: CompletedPart[]; fileSize?: number },
) {
  const located = await target(ctx, principal, input.path, input.fileName);
  const declared = await declaredUpload(ctx, located, input.uploadId);
  const at = { ...located, key: declared.key };
  const size = Number(declared.declaredSize);
  if (input.fileSize !== undefined && input.fileSize !== size)
    throw new AppError('invalid', 'uploadSizeMismatch', { stored: input.fileSize, declared: size });
  // Every part the plan made, each once: an upload completed with parts left out is refused, not cut short.
  if (input.parts.length !== declared.partCount)
    throw new AppError('invalid', 'uploadPartsInvalid', { count: declared.partCount });
  // A reservation the sweeper dropped (an upload paused for hours) is taken again, before the join.
  const held = declared.chargeId && (await ctx.db.quotaCharge.findUnique({ where: { id: declared.chargeId } }));
  if (!held) await chargeQuota(ctx, principal, { bytes: size });
  try {
    const stored = await at.driver.multipartListParts(at.key, input.uploadId);
    const parts = checkParts(input.parts, stored, size);
    // Joined at once (S3 makes the object whole or not at all); what it replaces goes to the bin.
    let { etag } = await replacing(ctx, at, at.key, () => at.driver.multipartComplete(at.key, input.uploadId, parts));
    await ctx.db.fsUpload.deleteMany({ where: { uploadId: input.uploadId } });
    // Joined in place: a photo is written again without its location and camera at once (the setting).
    etag = (await stripStored(ctx, at.driver, at.key, at.key))?.etag ?? etag;
    if (held) await settleQuota(ctx, { id: held.id, cap: null }, size);
    const info = await afterJoin(ctx, at, at.key, etag);
    const name = at.key.split('/').pop()!;
    return {
      key: at.key,
      name,
      path: pathIn(at, at.key),
      size: info?.size ?? 0,
      etag,
      contentType: mimeFromFilename(name),
    };
  } catch (error) {
    if (error instanceof StorageError && error.kind === 'not_found') throw new AppError('not_found', 'uploadNotFound');
    if (error instanceof StorageError && error.kind === 'conflict')
      throw new AppError('conflict', 'uploadPartsRejected');
    throw error;
  }
}

/**
 * After a multipart upload into a mount is joined at `key`: what storage says of the file (the join
 * does not) goes to the listings and the index. Answers it, or null when it is not there to see.
 */
export async function afterJoin(ctx: ModelContext, at: InMount, key: string, etag: string | null) {
  const info = await at.driver.stat(key);
  await afterWrite(
    ctx,
    at,
    info
      ? { kind: 'written', key, file: { size: info.size, etag, modified: info.lastModified } }
      : { kind: 'unsettled' },
  );
  return info;
}

export async function abortFsMultipart(
  ctx: ModelContext,
  principal: Principal,
  input: { path?: string; fileName?: string; uploadId: string },
) {
  const located = await target(ctx, principal, input.path, input.fileName);
  const declared = await declaredUpload(ctx, located, input.uploadId).catch(() => null);
  await located.driver.multipartAbort(declared?.key ?? located.key, input.uploadId);
  if (!declared) return;
  await ctx.db.fsUpload.deleteMany({ where: { uploadId: input.uploadId } });
  if (declared.chargeId) await releaseQuota(ctx, { id: declared.chargeId, cap: null });
}

/** Declarations of uploads nobody finished live as long as their parts may (a week), then go. */
const DECLARATION_DAYS = 7;

/** The sweeper's: forgets declarations of uploads abandoned long ago, and their reservations. */
export async function pruneFsUploads(ctx: ModelContext, now = Date.now()): Promise<number> {
  const before = new Date(now - DECLARATION_DAYS * 86_400_000);
  const old = await ctx.db.fsUpload.findMany({ where: { createdAt: { lt: before } }, select: { chargeId: true } });
  for (const { chargeId } of old) if (chargeId) await releaseQuota(ctx, { id: chargeId, cap: null });
  return (await ctx.db.fsUpload.deleteMany({ where: { createdAt: { lt: before } } })).count;
}

/**
 * The sweeper's: presigned uploads nobody committed go once their URL is dead, their pending bytes
 * and reservations with them (issue 42, item 9: they stayed in the mount, uncharged).
 */
export async function reapFsPresigns(ctx: ModelContext, now = Date.now()): Promise<number> {
  const dead = await ctx.db.fsPresign.findMany({ where: { expiresAt: { lt: new Date(now - 60_000) } }, take: 500 });
  for (const row of dead) {
    const mount = await ctx.db.mount.findUnique({ where: { id: row.mountId } });
    await dropPresign(ctx, row, mount?.storageConfigId ?? null).catch((error) =>
      ctx.log.warn({ err: error }, 'Could not remove an abandoned upload'),
    );
  }
  return dead.length;
}
