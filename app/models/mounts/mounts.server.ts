import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { authorize } from '~/auth/operations';
import { creatorId, type Principal } from '~/auth/principal';
import type { Mount, StorageConfig } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { normalizeRootFolder, type CreateMountInput, type UpdateMountInput } from '~/lib/schemas/mounts';
import type { ModelContext } from '~/models/context.server';
import { keptForRequest } from '~/models/request-scope.server';
import { isNavigable, isWithin } from '~/storage/vfs/path';
import type { MountRecord } from './types';
import { apiStorageType } from '~/lib/storage-kinds';

export type { MountRecord };

/**
 * Mounts (docs/product/api.md §2.10, §3.6): a virtual path of the explorer, the fs API and WebDAV
 * mapped onto a storage config (S3 or local — the embedded default storage can be mounted).
 * Admins manage them; keys with MOUNT_VIEW see the active ones their base path and the configs'
 * visibility allow (§1.6).
 */

type MountRow = Mount & { storageConfig: StorageConfig | null };

function toRecord(row: MountRow): MountRecord {
  const { storageConfig, ...mount } = row;
  return { ...mount, isPublic: !storageConfig || storageConfig.storageType === 'local' || storageConfig.isPublic };
}

const ORDER = [{ sortOrder: 'asc' as const }, { name: 'asc' as const }];
const storageTypeOf = (config: StorageConfig) => apiStorageType(config.storageType);

/** Every mount, inactive ones included (admin). */
export async function listMounts(ctx: ModelContext, principal: Principal): Promise<MountRecord[]> {
  authorize(principal, 'mount.manage');
  const rows = await ctx.db.mount.findMany({ include: { storageConfig: true }, orderBy: ORDER });
  return rows.map(toRecord);
}

async function findMount(ctx: ModelContext, id: string): Promise<MountRow> {
  const row = await ctx.db.mount.findUnique({ where: { id }, include: { storageConfig: true } });
  if (!row) throw new AppError('not_found', 'mountNotFound');
  return row;
}

export async function getMount(ctx: ModelContext, principal: Principal, id: string): Promise<MountRecord> {
  authorize(principal, 'mount.manage');
  return toRecord(await findMount(ctx, id));
}

async function storageFor(ctx: ModelContext, id: string): Promise<StorageConfig> {
  const config = await ctx.db.storageConfig.findUnique({ where: { id } });
  if (!config) throw new AppError('invalid', 'mountStorageMissing');
  return config;
}

async function assertPathFree(ctx: ModelContext, mountPath: string, exceptId?: string) {
  const taken = await ctx.db.mount.findFirst({ where: { mountPath, NOT: exceptId ? { id: exceptId } : undefined } });
  if (taken) throw new AppError('conflict', 'mountPathTaken');
}

/** A root folder as stored ("" or "a/b/"), checked by segment here too: doors other than the API's schema may call. */
function checkedRootFolder(raw: string): string {
  const folder = normalizeRootFolder(raw);
  if (folder === null) throw new AppError('invalid', 'mountRootFolderInvalid');
  return folder;
}

/** The columns an input sets (only the ones it carries). */
function columns(input: UpdateMountInput) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.mount_path !== undefined && { mountPath: input.mount_path }),
    ...(input.root_folder !== undefined && { rootFolder: checkedRootFolder(input.root_folder) }),
    ...(input.remark !== undefined && { remark: input.remark || null }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
    ...(input.sort_order !== undefined && { sortOrder: input.sort_order }),
    ...(input.cache_ttl !== undefined && { cacheTtl: input.cache_ttl }),
    ...(input.web_proxy !== undefined && { webProxy: input.web_proxy }),
    ...(input.webdav_policy !== undefined && { webdavPolicy: input.webdav_policy }),
    ...(input.enable_sign !== undefined && { enableSign: input.enable_sign }),
    ...(input.sign_expires !== undefined && { signExpires: input.sign_expires }),
  };
}

export async function createMount(ctx: ModelContext, principal: Principal, input: CreateMountInput) {
  authorize(principal, 'mount.manage');
  const config = await storageFor(ctx, input.storage_config_id);
  await assertPathFree(ctx, input.mount_path);
  const row = await ctx.db.mount.create({
    data: {
      id: randomUUID(),
      name: input.name,
      mountPath: input.mount_path,
      storageConfigId: config.id,
      storageType: storageTypeOf(config),
      createdBy: creatorId(principal)!,
      // WebDAV GETs stream through the app unless the admin opts into redirects (docs/architecture.md §8).
      webdavPolicy: 'native_proxy',
      ...columns(input),
    },
    include: { storageConfig: true },
  });
  audit(ctx, principal, { action: 'mount.create', target: row.mountPath });
  return toRecord(row);
}

export async function updateMount(ctx: ModelContext, principal: Principal, id: string, input: UpdateMountInput) {
  authorize(principal, 'mount.manage');
  const before = await findMount(ctx, id);
  const config = input.storage_config_id ? await storageFor(ctx, input.storage_config_id) : null;
  if (input.mount_path !== undefined) await assertPathFree(ctx, input.mount_path, id);
  const row = await ctx.db.mount.update({
    where: { id },
    data: { ...columns(input), ...(config && { storageConfigId: config.id, storageType: storageTypeOf(config) }) },
    include: { storageConfig: true },
  });
  // Its path, storage, root or TTL may have changed: cached listings of it no longer hold.
  ctx.dirCache.invalidateMount(id);
  // On another storage or root, what the search index knows of the mount is other files: the
  // next periodic pass (docs/architecture.md §9) scans it afresh.
  if (row.storageConfigId !== before.storageConfigId || row.rootFolder !== before.rootFolder)
    await ctx.searchIndex.forget(id);
  const fields = Object.keys(input).filter((field) => input[field as keyof UpdateMountInput] !== undefined);
  audit(ctx, principal, { action: 'mount.update', target: row.mountPath, detail: fields.join(', ') });
  return toRecord(row);
}

export async function deleteMount(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  authorize(principal, 'mount.manage');
  const mount = await ctx.db.mount.findUnique({ where: { id }, select: { mountPath: true } });
  const { count } = await ctx.db.mount.deleteMany({ where: { id } });
  if (count === 0) throw new AppError('not_found', 'mountNotFound');
  ctx.dirCache.invalidateMount(id);
  audit(ctx, principal, { action: 'mount.delete', target: mount?.mountPath ?? id });
}

/** The base path a principal works under: "/" for admins, the key's base path for keys. */
export function basePathOf(principal: Principal): string {
  return principal.kind === 'apikey' ? principal.basePath.replace(/\/+$/, '') || '/' : '/';
}

/**
 * The active mounts a principal may see (docs/product/api.md §1.6): all of them for an admin; for
 * a key those on public configs whose path is inside its base path or on the way to it.
 */
export async function accessibleMounts(ctx: ModelContext, principal: Principal): Promise<MountRecord[]> {
  authorize(principal, 'mount.view');
  return activeMountsFor(ctx, principal);
}

/** accessibleMounts without the MOUNT_VIEW check, for fs operations that check their own bit. */
export async function activeMountsFor(ctx: ModelContext, principal: Principal): Promise<MountRecord[]> {
  const rows = await keptForRequest('activeMounts', () =>
    ctx.db.mount.findMany({ where: { isActive: true }, include: { storageConfig: true }, orderBy: ORDER }),
  );
  const mounts = rows.map(toRecord);
  if (principal.kind !== 'apikey') return mounts;
  const base = basePathOf(principal);
  return mounts.filter((m) => m.isPublic && isNavigable(m.mountPath, base));
}

/** One active mount for /user/mounts/{id}: 404 when missing or inactive, 403 outside the base path. */
export async function getAccessibleMount(ctx: ModelContext, principal: Principal, id: string) {
  authorize(principal, 'mount.view');
  const row = await findMount(ctx, id);
  if (!row.isActive) throw new AppError('not_found', 'mountNotFound');
  const mount = toRecord(row);
  if (principal.kind === 'apikey' && (!mount.isPublic || !isWithin(mount.mountPath, basePathOf(principal))))
    throw new AppError('forbidden', 'mountOutsideBasePath');
  return mount;
}
