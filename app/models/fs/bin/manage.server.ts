import { authorize, isAllowed } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import type { BinEntry } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { numberedName } from '~/lib/filename';
import type { BinEntryView, BinReason } from '~/lib/bin';
import { audit } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';
import { activeMountsFor, basePathOf, type MountRecord } from '~/models/mounts/mounts.server';
import type { StorageDriver } from '~/storage/types';
import { isWithin } from '~/storage/vfs/path';
import { afterWrite } from '../after-write.server';
import { folderExists, walkTree } from '../walk.server';
import { binRetentionDays, configStorage, destroyEntry, moveTree } from './keep.server';

/**
 * The recycle bin as its people see it (issue 42, item 15): Admin → Recycle bin and the explorer's
 * bin panel list what was deleted or replaced (who, when, from where), restore it to where it was
 * (a numbered name when that is taken) and delete it for good; the sweeper removes what is older
 * than the retention. An admin sees every entry; a key the entries of the mounts it sees, inside its
 * base path. Restoring needs the upload bit, deleting for good the delete bit.
 */

const DAY_MS = 86_400_000;

async function visibleTo(ctx: ModelContext, principal: Principal, entry: BinEntry): Promise<boolean> {
  if (principal.kind === 'admin') return true;
  const mounts = await activeMountsFor(ctx, principal);
  return (
    mounts.some((m) => m.id === entry.mountId && m.storageConfigId === entry.storageConfigId) &&
    isWithin(entry.originalPath, basePathOf(principal))
  );
}

function view(entry: BinEntry, retentionDays: number): BinEntryView {
  return {
    id: entry.id,
    name: entry.originalPath.split('/').pop() ?? entry.originalPath,
    path: entry.originalPath,
    isFolder: entry.isFolder,
    size: Number(entry.size),
    files: entry.files,
    reason: entry.reason as BinReason,
    deletedBy: entry.deletedByName,
    deletedAt: entry.deletedAt.toISOString(),
    purgeAt: retentionDays > 0 ? new Date(entry.deletedAt.getTime() + retentionDays * DAY_MS).toISOString() : null,
  };
}

/** What is in the bin for this principal, newest first; `under` keeps to a folder (the explorer's). */
export async function listBin(
  ctx: ModelContext,
  principal: Principal,
  options: { under?: string; limit?: number } = {},
): Promise<{ entries: BinEntryView[]; retentionDays: number }> {
  authorize(principal, 'fs.view');
  const retentionDays = await binRetentionDays(ctx);
  const under = options.under?.replace(/\/+$/, '') || '/';
  const rows = await ctx.db.binEntry.findMany({ orderBy: { deletedAt: 'desc' }, take: 2000 });
  const entries: BinEntryView[] = [];
  for (const row of rows) {
    if (entries.length >= (options.limit ?? 500)) break;
    if (!isWithin(row.originalPath, under) || !(await visibleTo(ctx, principal, row))) continue;
    entries.push(view(row, retentionDays));
  }
  return { entries, retentionDays };
}

async function entryFor(ctx: ModelContext, principal: Principal, id: string): Promise<BinEntry> {
  const entry = await ctx.db.binEntry.findUnique({ where: { id } });
  if (!entry || !(await visibleTo(ctx, principal, entry))) throw new AppError('not_found', 'binEntryNotFound');
  return entry;
}

/** A free name beside `key` in the storage: itself, else "name (2).ext", "name (3).ext"… */
async function freeKey(driver: StorageDriver, key: string): Promise<string> {
  const slash = key.lastIndexOf('/');
  const [folder, name] = slash >= 0 ? [key.slice(0, slash + 1), key.slice(slash + 1)] : ['', key];
  for (let n = 1; ; n++) {
    const candidate = folder + numberedName(name, n);
    const taken = (await driver.stat(candidate)) || (await folderExists(driver, candidate));
    if (!taken) return candidate;
    if (n > 1000) throw new AppError('conflict', 'fsExists');
  }
}

/** The mount the entry came through, if it is still there on the same storage. */
async function mountOf(ctx: ModelContext, principal: Principal, entry: BinEntry): Promise<MountRecord | null> {
  const mounts = await activeMountsFor(ctx, principal);
  return mounts.find((m) => m.id === entry.mountId && m.storageConfigId === entry.storageConfigId) ?? null;
}

/** Restores an entry to where it was, or beside it under a numbered name; answers the path it went to. */
export async function restoreFromBin(ctx: ModelContext, principal: Principal, id: string): Promise<{ path: string }> {
  authorize(principal, 'fs.upload');
  const entry = await entryFor(ctx, principal, id);
  const driver = await configStorage(ctx, entry.storageConfigId);
  const target = await freeKey(driver, entry.originalKey);
  const restored: { key: string; size: number; etag: string | null }[] = [];
  if (entry.isFolder) {
    for await (const page of walkTree(driver, entry.binKey))
      for (const o of page.objects)
        restored.push({ key: `${target}/${o.key.slice(entry.binKey.length)}`, size: o.size, etag: o.etag });
    await moveTree(driver, entry.binKey, `${target}/`);
  } else {
    await driver.move(entry.binKey, target);
    restored.push({ key: target, size: Number(entry.size), etag: null });
  }
  // What is left is the entry's empty folder and its record.
  await destroyEntry(ctx, entry);
  const mount = await mountOf(ctx, principal, entry);
  const path = `${entry.originalPath.slice(0, entry.originalPath.lastIndexOf('/'))}/${target.split('/').pop()}`;
  if (mount) {
    const at = { mount, principal };
    const inMount = (key: string) => key.slice(mount.rootFolder.length);
    if (entry.isFolder) await afterWrite(ctx, at, { kind: 'written', key: inMount(target) });
    for (const file of restored)
      await afterWrite(ctx, at, {
        kind: 'written',
        key: inMount(file.key),
        file: { size: file.size, etag: file.etag },
      });
  }
  audit(ctx, principal, { action: 'fs.restore', target: path, detail: entry.originalPath });
  return { path };
}

/** Deletes entries for good (the delete bit); answers how many went. */
export async function purgeFromBin(ctx: ModelContext, principal: Principal, ids: string[]): Promise<number> {
  authorize(principal, 'fs.delete');
  let purged = 0;
  for (const id of ids) {
    const entry = await entryFor(ctx, principal, id);
    await destroyEntry(ctx, entry);
    audit(ctx, principal, { action: 'fs.purge', target: entry.originalPath });
    purged++;
  }
  return purged;
}

/** Empties the bin: every entry this principal sees (under a folder, for the explorer's panel). */
export async function emptyBin(ctx: ModelContext, principal: Principal, under?: string): Promise<number> {
  const { entries } = await listBin(ctx, principal, { under, limit: 100_000 });
  return purgeFromBin(
    ctx,
    principal,
    entries.map((e) => e.id),
  );
}

/** The sweeper's part: entries older than the retention go (all of them when the bin is off). */
export async function sweepBin(ctx: ModelContext, now = Date.now()): Promise<number> {
  const days = await binRetentionDays(ctx);
  const rows = await ctx.db.binEntry.findMany({
    where: { deletedAt: { lt: new Date(now - days * DAY_MS) } },
    orderBy: { deletedAt: 'asc' },
    take: 200,
  });
  for (const row of rows)
    await destroyEntry(ctx, row).catch((error) => ctx.log.warn({ err: error }, 'Bin: could not purge an entry'));
  return rows.length;
}

/** Whether a principal may restore (upload) and delete for good (delete) what it sees of the bin. */
export const binRights = (principal: Principal) => ({
  restore: isAllowed(principal, 'fs.upload'),
  purge: isAllowed(principal, 'fs.delete'),
});
