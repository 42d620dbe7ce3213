import { authorize } from '~/auth/operations';
import { putFile } from './put-file.server';
import { Readable } from 'node:stream';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { StorageError } from '~/storage/types';
import { parseVirtualPath } from '~/storage/vfs/path';
import { announceMove } from './moves.server';
import { afterWrite } from './after-write.server';
import { failureOf } from './failure.server';
import { locate, locateEach } from './locate.server';
import { folderExists, walkTree } from './walk.server';
import { discard } from './bin/keep.server';
import { settleName, type OnConflict } from './conflicts.server';

/**
 * Changes to mounted storage through the fs API (docs/product/api.md §3.10): folders, text edits,
 * removal and renaming. Every one goes through `locate` (permission bit and base path) and drops
 * the mount's cached listings once it has written.
 */

/** Text files the explorer edits in place: at most 10 MB (docs/product/api.md §3.10 fs/update). */
export const MAX_TEXT_BYTES = 10 * 1024 * 1024;

const parentKey = (key: string) => (key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '');

/** POST /fs/mkdir: an empty folder that stays; 409 when it exists or its parent does not. */
/** Refuses before a byte of an upload is read when the caller may not upload to mounts at all. */
export function assertMayUploadToMounts(principal: Principal): void {
  authorize(principal, 'fs.upload');
}

export async function makeFolder(ctx: ModelContext, principal: Principal, raw: string | undefined): Promise<void> {
  const at = await locate(ctx, principal, raw, 'fs.upload', { writable: true });
  if (at.key === '' || (await at.driver.stat(at.key)) || (await folderExists(at.driver, at.key)))
    throw new AppError('conflict', 'fsExists');
  if (!(await folderExists(at.driver, parentKey(at.key)))) throw new AppError('conflict', 'fsParentMissing');
  await at.driver.createFolder(`${at.key}/`);
  await afterWrite(ctx, at, { kind: 'written', key: at.key });
}

/** POST /fs/update: writes a text file (creating it when missing). */
export async function writeTextFile(ctx: ModelContext, principal: Principal, raw: string | undefined, content: string) {
  if (Buffer.byteLength(content) > MAX_TEXT_BYTES) throw new AppError('too_large', 'fsTextTooLarge');
  const at = await locate(ctx, principal, raw, 'fs.upload', { writable: true });
  if (at.key === '' || at.path.isDirectory) throw new AppError('invalid', 'fsNotAFile');
  const isNewFile = !(await at.driver.stat(at.key));
  const contentType = mimeFromFilename(at.key);
  const bytes = Buffer.from(content);
  // The version an edit replaces is kept in the recycle bin (issue 42, item 15).
  const { etag } = await putFile(ctx, principal, at, Readable.from([bytes]), { size: bytes.length, contentType });
  return { key: at.key, etag, contentType, isNewFile };
}

/**
 * POST /fs/upload and the explorer's form: one file into a folder (or onto the file path given,
 * when it already ends with the file's name), streamed to storage, cut off at the max upload size
 * and the key's quota. Onto a name that is taken it replaces (needing the delete bit, the old one
 * kept in the recycle bin), keeps both or skips (`onConflict`, issue 42 item 1); a refused or
 * failed upload leaves what was there as it was (storage writes are whole or nothing).
 */
export async function uploadToFolder(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  filename: string,
  body: Readable,
  onConflict?: OnConflict,
) {
  if (!raw) throw new AppError('invalid', 'fsPathRequired');
  const name = filename.split(/[\\/]/).pop() ?? '';
  const into = raw && !raw.endsWith('/') && raw.split('/').pop() === name ? raw : `${raw.replace(/\/+$/, '')}/${name}`;
  if (!name || !parseVirtualPath(into)) throw new AppError('invalid', 'filenameInvalid');
  const located = await locate(ctx, principal, into, 'fs.upload', { writable: true });
  const settled = await settleName(located, onConflict);
  const at = { ...located, key: settled.key };
  const contentType = mimeFromFilename(name);
  const written = { name: settled.path.split('/').pop()!, key: at.key, path: settled.path, contentType };
  if (settled.skipped) {
    body.resume();
    return { ...written, size: 0, etag: null, skipped: true };
  }
  const { etag, size } = await putFile(ctx, principal, at, body, { contentType });
  return { ...written, size, etag, skipped: false };
}

/**
 * Paths one delete takes, on every door (the API's batch-remove, the explorer's selection): select
 * all in a folder of 10,000 files deletes it in one go (issue 46), about 20 s on this machine.
 */
export const MAX_REMOVE_PATHS = 10_000;

/** DELETE /fs/batch-remove: files, and folders (a path ending in "/") with everything in them. */
export async function removePaths(ctx: ModelContext, principal: Principal, paths: string[]) {
  if (paths.length === 0) throw new AppError('invalid', 'fsPathsRequired');
  if (paths.length > MAX_REMOVE_PATHS) throw new AppError('invalid', 'fsTooManyPaths', { max: MAX_REMOVE_PATHS });
  // Every path is checked before anything is removed: one outside the base path refuses them all.
  const targets = [];
  for (const at of await locateEach(ctx, principal, paths, 'fs.delete', { writable: true })) {
    if (at instanceof AppError) throw at;
    targets.push(at);
  }
  let success = 0;
  const failed: { path: string; error: string }[] = [];
  for (const [i, at] of targets.entries()) {
    try {
      if (at.key === '') throw new AppError('forbidden', 'fsRootReadOnly');
      // Into the recycle bin (issue 42, item 15), or gone when the bin is off.
      if (!(await discard(ctx, at, at.key, at.path.isDirectory)) && !at.path.isDirectory)
        throw new AppError('not_found', 'fsNotFound');
      await afterWrite(ctx, at, { kind: 'removed', key: at.key });
      success++;
    } catch (error) {
      // A folder's removal may have gone part of the way: its listings are stale either way.
      await afterWrite(ctx, at, { kind: 'unsettled' });
      if (!(error instanceof AppError || error instanceof StorageError)) throw error;
      failed.push({ path: paths[i]!, error: failureOf(error) });
    }
  }
  return { success, failed };
}

/**
 * POST /fs/rename: a file, or a folder with everything in it (empty sub-folders kept), within one
 * mount. 400 for a file renamed to a folder or across mounts, 404 without a source, 409 when the
 * target exists.
 */
export async function renamePath(
  ctx: ModelContext,
  principal: Principal,
  from: string | undefined,
  to: string | undefined,
) {
  const source = await locate(ctx, principal, from, 'fs.rename', { writable: true });
  const target = await locate(ctx, principal, to, 'fs.rename', { writable: true });
  if (source.path.isDirectory !== target.path.isDirectory) throw new AppError('invalid', 'fsRenameKindMismatch');
  if (source.mount.id !== target.mount.id) throw new AppError('invalid', 'fsRenameAcrossMounts');
  if (source.key === '' || target.key === '') throw new AppError('forbidden', 'fsRootReadOnly');
  const { driver } = source;
  if ((await driver.stat(target.key)) || (await folderExists(driver, target.key)))
    throw new AppError('conflict', 'fsExists');
  if (!source.path.isDirectory) {
    if (!(await driver.stat(source.key))) throw new AppError('not_found', 'fsNotFound');
    await driver.move(source.key, target.key);
  } else {
    if (!(await folderExists(driver, source.key))) throw new AppError('not_found', 'fsNotFound');
    if (`${target.key}/`.startsWith(`${source.key}/`)) throw new AppError('invalid', 'fsRenameIntoItself');
    const from = `${source.key}/`;
    const into = `${target.key}/`;
    await driver.createFolder(into);
    // Listed page by page while moving: a moved key left its folder, which is listed no further on.
    const moves: string[] = [];
    for await (const page of walkTree(driver, from)) {
      for (const folder of page.folders) await driver.createFolder(into + folder.slice(from.length));
      moves.push(...page.objects.map((o) => o.key));
    }
    for (const key of moves) await driver.move(key, into + key.slice(from.length));
    await driver.removePrefix(from);
  }
  await afterWrite(ctx, source, { kind: 'moved', from: source.key, to: target.key });
  await announceMove(ctx, source, source.key, target, target.key);
}
