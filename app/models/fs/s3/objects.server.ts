import type { Readable } from 'node:stream';
import { putFile } from '../put-file.server';
import { withQuota } from '~/models/quotas/quotas.server';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { tooLarge } from '~/storage/byte-limit';
import type { ByteRange } from '~/storage/types';
import { afterWrite } from '../after-write.server';
import { discard } from '../bin/keep.server';
import { openFsDownload, openFsFile } from '../browse.server';
import { settleName } from '../conflicts.server';
import { copyFile } from '../copy.server';
import { locate } from '../locate.server';
import type { InMount } from '../types';
import { folderExists, isFolder } from '../walk.server';
import { pathOf } from './buckets.server';

/**
 * The S3 door's objects (docs/s3.md §3): the same `locate`, bits, base path, read-only roots,
 * reserved names, quotas, upload limit, recycle bin and `afterWrite` as the explorer's and WebDAV's
 * writes. A key ending in "/" is a folder (what S3 tools make with an empty object of that name).
 */

export interface S3Object {
  size: number;
  etag: string | null;
  modified: Date | null;
  contentType: string;
}

/** A folder, or a name that is not a file: S3 has no such key. */
function noSuchKey(error: unknown): never {
  if (error instanceof AppError && error.messageKey === 'fsNotAFile') throw new AppError('not_found', 'fsNotFound');
  throw error;
}

/** HeadObject / GetObject: the object and a way to read it (ranges as asked). */
export async function s3Open(ctx: ModelContext, principal: Principal, bucket: string, key: string) {
  const file = await openFsFile(ctx, principal, pathOf(bucket, key), 'fs.view').catch(noSuchKey);
  return {
    object: {
      size: file.file.size,
      etag: file.file.etag,
      modified: file.file.modified,
      contentType: file.file.mimetype,
    } satisfies S3Object,
    read: (range?: ByteRange) => file.read(range),
  };
}

/**
 * GetObject of a whole object with no condition: its bytes, and the object as the read describes
 * it, in one storage request (docs/decisions/0049-downloads-without-stat.md).
 */
export async function s3ReadWhole(ctx: ModelContext, principal: Principal, bucket: string, key: string) {
  const opened = await openFsDownload(ctx, principal, pathOf(bucket, key)).catch(noSuchKey);
  const { file, object: read } = await opened.read();
  return {
    object: {
      size: read.size,
      etag: read.etag,
      modified: read.lastModified,
      contentType: file.mimetype,
    } satisfies S3Object,
    read,
  };
}

async function writable(ctx: ModelContext, principal: Principal, bucket: string, key: string): Promise<InMount> {
  return locate(ctx, principal, pathOf(bucket, key.replace(/\/$/, '')), 'fs.upload', { writable: 'entry' });
}

/**
 * PutObject: streamed to storage as it arrives, cut off at the max upload size and the key's quota
 * (reserved for the declared length before a byte is accepted); what it replaces goes to the
 * recycle bin and needs the delete bit, as in the explorer. A refused or broken upload leaves
 * what was there as it was (storage writes are whole or nothing).
 */
export async function s3Put(
  ctx: ModelContext,
  principal: Principal,
  bucket: string,
  key: string,
  body: Readable,
  options: { size?: number; contentType?: string },
): Promise<{ etag: string | null }> {
  const at = await writable(ctx, principal, bucket, key);
  if (key.endsWith('/')) {
    body.resume();
    if (options.size) throw new AppError('invalid', 's3FolderNotEmpty');
    if (!(await folderExists(at.driver, at.key))) await at.driver.createFolder(`${at.key}/`);
    await afterWrite(ctx, at, { kind: 'written', key: at.key });
    return { etag: null };
  }
  await settleName(at, 'replace');
  const written = await putFile(ctx, principal, at, body, { ...options, singleRequest: true });
  return { etag: written.etag };
}

/**
 * DeleteObject: a file, or an empty folder marker ("dir/"), goes to the recycle bin. A key that is
 * not there is not an error (S3 answers 204 either way).
 */
export async function s3Delete(ctx: ModelContext, principal: Principal, bucket: string, key: string): Promise<void> {
  const at = await locate(ctx, principal, pathOf(bucket, key.replace(/\/$/, '')), 'fs.delete', {
    writable: 'entry',
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.kind === 'not_found') return null;
    throw error;
  });
  if (!at) return;
  const asFolder = key.endsWith('/');
  if (asFolder) {
    // Only an empty folder: S3 tools delete the marker of a folder they emptied, never a tree.
    const inside = await at.driver.list(`${at.key}/`, { limit: 2 });
    if (inside.objects.length > 0 || inside.prefixes.length > 0) return;
  }
  if (!(await discard(ctx, at, at.key, asFolder && (await isFolder(at.driver, at.key))))) return;
  await afterWrite(ctx, at, { kind: 'removed', key: at.key });
}

export interface S3DeleteResult {
  key: string;
  error: AppError | null;
}

/** DeleteObjects: each key on its own (one refused key does not stop the others). */
export async function s3DeleteMany(
  ctx: ModelContext,
  principal: Principal,
  bucket: string,
  keys: string[],
): Promise<S3DeleteResult[]> {
  authorize(principal, 'fs.delete');
  if (keys.length > 1000) throw new AppError('invalid', 's3TooManyKeys');
  const results: S3DeleteResult[] = [];
  for (const key of keys) {
    try {
      await s3Delete(ctx, principal, bucket, key);
      results.push({ key, error: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ key, error });
    }
  }
  return results;
}

/**
 * CopyObject, within a mount or across mounts and storages: the storage copies it when both ends
 * are one storage, otherwise it streams through the app (docs/architecture.md §10). Needs the copy
 * bit and, at the target, the upload bit (and the delete bit to replace a file).
 */
export async function s3Copy(
  ctx: ModelContext,
  principal: Principal,
  from: { bucket: string; key: string },
  to: { bucket: string; key: string },
): Promise<S3Object> {
  authorize(principal, 'fs.copy');
  const source = await locate(ctx, principal, pathOf(from.bucket, from.key), 'fs.view', { writable: 'entry' });
  const target = await writable(ctx, principal, to.bucket, to.key);
  const info = await source.driver.stat(source.key);
  if (!info) throw new AppError('not_found', 'fsNotFound');
  const max = await maxUploadBytes(ctx);
  if (info.size > max) throw tooLarge(max);
  await settleName(target, 'replace');
  const same = source.mount.id === target.mount.id && source.key === target.key;
  if (!same)
    await withQuota(
      ctx,
      principal,
      { bytes: info.size },
      () =>
        copyFile(
          ctx,
          { source, target, sourceKey: source.key, targetKey: target.key, size: info.size, label: source.path.path },
          { skipExisting: false, move: false, replace: true },
          () => undefined,
        ),
      () => ({ bytes: info.size }),
    );
  const copied = await target.driver.stat(target.key);
  return {
    size: copied?.size ?? info.size,
    etag: copied?.etag ?? null,
    modified: copied?.lastModified ?? null,
    contentType: mimeFromFilename(target.key),
  };
}
