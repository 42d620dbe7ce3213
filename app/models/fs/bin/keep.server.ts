import { randomUUID } from 'node:crypto';
import { creatorId, type Principal } from '~/auth/principal';
import { DEFAULT_BIN_RETENTION_DAYS, type BinReason } from '~/lib/bin';
import type { BinEntry } from '~/generated/prisma/client';
import type { ModelContext } from '~/models/context.server';
import { holdBinBytes, releaseBinBytes } from '~/models/quotas/quotas.server';
import { getSetting } from '~/models/settings/settings.server';
import { storageConfigOf } from '../locate.server';
import { AppError } from '~/lib/errors';
import type { StorageDriver } from '~/storage/types';
import type { InMount } from '../types';
import { isFolder as folderIsThere, walkTree } from '../walk.server';
import { RESERVED } from '~/lib/reserved-names';

/**
 * The recycle bin's keeping (issue 42, item 15; docs/api-extensions.md §14): what a
 * delete or an overwrite of mounted storage takes away — through any door — goes into the
 * storage's reserved `.cloudclip-bin/<entry>/` folder instead of being destroyed, with a row that
 * says what it was, where, who took it away and when. The bin is per storage (the config's own
 * keys, whatever mount reached them), so moving into it never leaves the storage. With retention 0
 * the bin is off and a delete destroys, as before.
 */

export const BIN_PREFIX = RESERVED.bin;

export async function binRetentionDays(ctx: ModelContext): Promise<number> {
  const days = Number.parseInt((await getSetting(ctx, 'bin_retention_days')) ?? '', 10);
  return Number.isSafeInteger(days) && days >= 0 ? days : DEFAULT_BIN_RETENTION_DAYS;
}

/** A mount's storage as its config sees it (keys with the mount's root folder), for the bin's moves. */
export async function configStorage(ctx: ModelContext, configId: string): Promise<StorageDriver> {
  const config = await storageConfigOf(ctx, configId);
  if (!config) throw new AppError('not_found', 'mountStorageMissing');
  return ctx.storage.driverFor(config);
}

const nameOf = (key: string) => key.replace(/\/$/, '').split('/').pop()!;
const actorName = (principal: Principal) =>
  principal.kind === 'admin' ? principal.username : principal.kind === 'apikey' ? principal.name : null;

/**
 * Moves (or copies) every object under `from` to `to` (both prefixes ending in "/"), folder
 * markers included; answers the bytes and files moved. A folder of the bin or of a mount.
 */
export async function moveTree(driver: StorageDriver, from: string, to: string, copy = false) {
  let size = 0;
  let files = 0;
  const keys: { key: string; size: number }[] = [];
  const folders: string[] = [];
  for await (const page of walkTree(driver, from)) {
    folders.push(...page.folders);
    keys.push(...page.objects.map((o) => ({ key: o.key, size: o.size })));
  }
  await driver.createFolder(to);
  for (const folder of folders) await driver.createFolder(to + folder.slice(from.length));
  for (const { key, size: bytes } of keys) {
    const target = to + key.slice(from.length);
    if (copy) await driver.copy(key, target);
    else await driver.move(key, target);
    size += bytes;
    files++;
  }
  if (!copy) await driver.removePrefix(from);
  return { size, files };
}

/**
 * Keeps what is at `at.key` (a file, or a folder with everything in it) in the bin, and records
 * it; null when the bin is off or nothing is there. `copy` keeps a copy and leaves the original
 * (an overwrite replaces it next); otherwise it is moved out (a delete).
 */
export async function keepInBin(
  ctx: ModelContext,
  at: InMount,
  key: string,
  { isFolder, reason, copy = false }: { isFolder: boolean; reason: BinReason; copy?: boolean },
): Promise<BinEntry | null> {
  if ((await binRetentionDays(ctx)) === 0) return null;
  const driver = await configStorage(ctx, at.configId);
  const id = randomUUID();
  const originalKey = at.mount.rootFolder + key;
  const binKey = `${BIN_PREFIX}${id}/${nameOf(key)}${isFolder ? '/' : ''}`;
  let size = 0;
  let files = 1;
  if (isFolder) ({ size, files } = await moveTree(driver, `${originalKey}/`, binKey, copy));
  else {
    const info = await driver.stat(originalKey);
    if (!info) return null;
    size = info.size;
    if (copy) await driver.copy(originalKey, binKey);
    else await driver.move(originalKey, binKey);
  }
  const entry = await ctx.db.binEntry.create({
    data: {
      id,
      storageConfigId: at.configId,
      binKey,
      originalKey,
      originalPath: `${at.mount.mountPath.replace(/\/$/, '')}/${key}`,
      mountId: at.mount.id,
      isFolder,
      size: BigInt(size),
      files,
      reason,
      deletedBy: creatorId(at.principal),
      deletedByName: actorName(at.principal),
    },
  });
  await holdBinBytes(ctx, at.principal, id, size);
  return entry;
}

/** Removes an entry's bytes and its record for good (emptied, too old, or a write that failed). */
export async function destroyEntry(ctx: ModelContext, entry: BinEntry): Promise<void> {
  const driver = await configStorage(ctx, entry.storageConfigId).catch(() => null);
  if (driver) {
    if (entry.isFolder) await driver.removePrefix(entry.binKey);
    else await driver.remove([entry.binKey]);
    await driver.removePrefix(entry.binKey.slice(0, entry.binKey.indexOf('/', BIN_PREFIX.length) + 1));
  }
  await ctx.db.binEntry.deleteMany({ where: { id: entry.id } });
  await releaseBinBytes(ctx, [entry.id]);
}

/**
 * A write over a file that may be there (an upload, an edit, a WebDAV PUT, COPY or MOVE onto a
 * name): what it replaces is kept in the bin first, and taken out again if the write fails, so the
 * bin holds only versions that were really replaced.
 */
export async function replacing<T>(ctx: ModelContext, at: InMount, key: string, write: () => Promise<T>): Promise<T> {
  const there = await at.driver.stat(key);
  const kept = there ? await keepInBin(ctx, at, key, { isFolder: false, reason: 'replaced', copy: true }) : null;
  try {
    return await write();
  } catch (error) {
    if (kept) await destroyEntry(ctx, kept).catch(() => undefined);
    throw error;
  }
}

/**
 * A delete of a file or a folder of a mount, through any door: into the bin, or destroyed when the
 * bin is off. Answers whether anything was there.
 */
export async function discard(ctx: ModelContext, at: InMount, key: string, isFolder: boolean): Promise<boolean> {
  if (isFolder) {
    // Asked through the mount's own view: a folder that is a link out of it is not there to take.
    if (!(await folderIsThere(at.driver, key))) return false;
    const kept = await keepInBin(ctx, at, key, { isFolder: true, reason: 'deleted' });
    if (!kept) await at.driver.removePrefix(`${key}/`);
    return true;
  }
  if (!(await at.driver.stat(key))) return false;
  if (!(await keepInBin(ctx, at, key, { isFolder: false, reason: 'deleted' }))) await at.driver.remove([key]);
  return true;
}
