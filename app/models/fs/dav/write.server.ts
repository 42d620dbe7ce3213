import type { Readable } from 'node:stream';
import { putFile } from '../put-file.server';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { getSetting } from '~/models/settings/settings.server';
import { copyFile } from '../copy.server';
import { carryDeadProps, dropDeadProps } from './properties.server';
import { afterWrite } from '../after-write.server';
import { announceMove } from '../moves.server';
import { locate } from '../locate.server';
import type { InMount } from '../types';
import { folderExists } from '../walk.server';
import { discard } from '../bin/keep.server';

/**
 * Changes through WebDAV (docs/product/api.md §4, docs/architecture.md §8), each needing
 * WEBDAV_MANAGE and a path inside the key's base path. nephele walks folders itself for COPY, MOVE
 * and DELETE, so every function here handles one file or one folder. The virtual folders above
 * the mounts and the mount roots are read-only; a folder that loses its last file stays.
 */
async function writable(ctx: ModelContext, principal: Principal, raw: string): Promise<InMount> {
  return locate(ctx, principal, raw, 'dav.manage', { writable: 'entry' }).catch((error: unknown) => {
    // A name beside the mounts is in the read-only tree, not a missing one.
    if (error instanceof AppError && error.messageKey === 'mountNotFound')
      throw new AppError('forbidden', 'fsRootReadOnly');
    throw error;
  });
}

const parentPrefix = (key: string) => (key.includes('/') ? key.slice(0, key.lastIndexOf('/') + 1) : '');

/** S3 forgets a folder that only its objects made once the last goes: a marker keeps it. */
async function keepParent(at: InMount): Promise<void> {
  const parent = parentPrefix(at.key);
  if (parent) await at.driver.createFolder(parent);
}

/**
 * PUT: streams the body to storage, never holding it: in one request when the WebDAV upload mode
 * is "direct" and the client said how long it is, otherwise in parts (Finder's chunked bodies).
 * Cut off at the max upload size.
 */
export async function davPut(
  ctx: ModelContext,
  principal: Principal,
  raw: string,
  body: Readable,
  options: { contentType?: string; size?: number },
): Promise<{ etag: string | null; size: number }> {
  const at = await writable(ctx, principal, raw);
  const direct = (await getSetting(ctx, 'webdav_upload_mode')) !== 'multipart';
  // What a PUT replaces is kept in the recycle bin (issue 42, item 15).
  return putFile(ctx, principal, at, body, { ...options, singleRequest: direct });
}

/** MKCOL: an empty folder (nephele has checked that the parent exists); a conflict when something is there. */
export async function davMakeCollection(ctx: ModelContext, principal: Principal, raw: string): Promise<void> {
  const at = await writable(ctx, principal, raw);
  if ((await at.driver.stat(at.key)) || (await folderExists(at.driver, at.key)))
    throw new AppError('conflict', 'fsExists');
  await at.driver.createFolder(`${at.key}/`);
  await afterWrite(ctx, at, { kind: 'written', key: at.key });
}

/**
 * DELETE of one file, or of a folder nephele has emptied (whatever is left in it goes too). The
 * last step of a folder's MOVE names where it went: its shares follow it there.
 */
export async function davDelete(ctx: ModelContext, principal: Principal, raw: string, movedTo?: string) {
  const at = await writable(ctx, principal, raw);
  const moved = movedTo === undefined ? null : await writable(ctx, principal, movedTo).catch(() => null);
  if (moved) await announceMove(ctx, at, at.key, moved, moved.key);
  // Into the recycle bin (issue 42, item 15): a file, or what nephele left of a folder.
  const isFile = (await at.driver.stat(at.key)) !== null;
  if (!(await discard(ctx, at, at.key, !isFile))) await at.driver.removePrefix(`${at.key}/`);
  await keepParent(at);
  await afterWrite(ctx, at, { kind: 'removed', key: at.key });
  await dropDeadProps(ctx, at.path.path);
}

/** Where a COPY or MOVE goes: its folder must exist (RFC 4918 §9.8.5: 409 otherwise). */
async function destination(ctx: ModelContext, principal: Principal, raw: string): Promise<InMount> {
  const at = await writable(ctx, principal, raw);
  if (!(await folderExists(at.driver, parentPrefix(at.key).replace(/\/$/, ''))))
    throw new AppError('conflict', 'fsParentMissing');
  return at;
}

/** The two ends of a COPY or MOVE of one file: within one config the storage copies it. */
async function fileJob(ctx: ModelContext, source: InMount, target: InMount) {
  const info = await source.driver.stat(source.key);
  if (!info) throw new AppError('not_found', 'fsNotFound');
  return { source, target, sourceKey: source.key, targetKey: target.key, size: info.size, label: source.path.path };
}

/**
 * COPY of one file (replacing what is at the target), or of a folder without its members (nephele
 * copies those one by one). Across storages the file streams through the app like the explorer's
 * copy tasks (docs/architecture.md §10).
 */
export async function davCopy(
  ctx: ModelContext,
  principal: Principal,
  from: string,
  to: string,
  isCollection: boolean,
): Promise<void> {
  const source = await locate(ctx, principal, from, 'dav.read', { writable: 'entry' });
  const target = await destination(ctx, principal, to);
  if (isCollection) {
    // A file in the way goes, into the recycle bin (nephele has removed a folder in the way itself).
    if (await target.driver.stat(target.key)) await discard(ctx, target, target.key, false);
    await target.driver.createFolder(`${target.key}/`);
    await afterWrite(ctx, target, { kind: 'written', key: target.key });
  } else {
    await copyFile(ctx, await fileJob(ctx, source, target), { skipExisting: false, move: false, replace: true }, noop);
  }
  await carryDeadProps(ctx, source.path.path, target.path.path, true);
}

/** MOVE of one file (nephele moves a folder as copy, members moved, delete). */
export async function davMove(ctx: ModelContext, principal: Principal, from: string, to: string): Promise<void> {
  const source = await writable(ctx, principal, from);
  const target = await destination(ctx, principal, to);
  if (source.mount.id === target.mount.id) {
    if (!(await source.driver.stat(source.key))) throw new AppError('not_found', 'fsNotFound');
    await source.driver.move(source.key, target.key);
    await afterWrite(ctx, source, { kind: 'moved', from: source.key, to: target.key });
    await announceMove(ctx, source, source.key, target, target.key);
  } else {
    await copyFile(ctx, await fileJob(ctx, source, target), { skipExisting: false, move: true, replace: true }, noop);
  }
  await keepParent(source);
  await carryDeadProps(ctx, source.path.path, target.path.path, false);
}

const noop = () => {};
