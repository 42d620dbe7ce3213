import { authorize, type Operation } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { markUsed } from '~/models/last-used.server';
import { keptForRequest } from '~/models/request-scope.server';
import { activeMountsFor, basePathOf, type MountRecord } from '~/models/mounts/mounts.server';
import { isNavigable, isWithin } from '~/storage/vfs/path';
import { gatedPath } from '~/storage/vfs/gate';
import { resolveMount, virtualChildren } from '~/storage/vfs/resolve';
import { rootedDriver } from '~/storage/drivers/rooted.server';
import type { InMount, Located } from './types';

export interface LocateOptions {
  /** Navigation may also pass through the folders above a key's base path (names only). */
  navigation?: boolean;
  /**
   * Where a write goes: `true` refuses the virtual folders above the mounts (a mount's root folder
   * takes new files and folders); `'entry'` also refuses the mount's root itself, for what moves,
   * copies or removes the path it names. Either refuses with 403 `fsRootReadOnly`.
   */
  writable?: true | 'entry';
}

export async function locate(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  operation: Operation,
  options: LocateOptions & { writable: true | 'entry' },
): Promise<InMount>;
export async function locate(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  operation: Operation,
  options?: LocateOptions,
): Promise<Located>;
export async function locate(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  operation: Operation,
  options: LocateOptions = {},
): Promise<Located> {
  authorize(principal, operation);
  return place(ctx, principal, raw, await activeMountsFor(ctx, principal), options, new Map());
}

/**
 * locate() for many paths (a selection): the mounts and each storage are read once, not once per
 * path — select all in a folder of 10,000 files made 30,000 queries (issue 46). Each path gets its
 * place or the AppError locate() would have thrown for it; the caller says what a refusal means.
 */
export async function locateEach(
  ctx: ModelContext,
  principal: Principal,
  raws: string[],
  operation: Operation,
  options: LocateOptions & { writable: true | 'entry' },
): Promise<(InMount | AppError)[]>;
export async function locateEach(
  ctx: ModelContext,
  principal: Principal,
  raws: string[],
  operation: Operation,
  options?: LocateOptions,
): Promise<(Located | AppError)[]>;
export async function locateEach(
  ctx: ModelContext,
  principal: Principal,
  raws: string[],
  operation: Operation,
  options: LocateOptions = {},
): Promise<(Located | AppError)[]> {
  authorize(principal, operation);
  const mounts = await activeMountsFor(ctx, principal);
  const storages: Storages = new Map();
  const places: (Located | AppError)[] = [];
  for (const raw of raws) {
    try {
      places.push(await place(ctx, principal, raw, mounts, options, storages));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      places.push(error);
    }
  }
  return places;
}

/** The storages of the mounts a call has reached, by mount and confining folder. */
type Storages = Map<string, ReturnType<typeof storageOf>>;

async function place(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  mounts: MountRecord[],
  options: LocateOptions,
  storages: Storages,
): Promise<Located> {
  // The form of the path and the app's own names, as a share's gate checks them (decision 0038).
  const path = gatedPath(raw);
  const base = basePathOf(principal);
  const allowed = options.navigation ? isNavigable(path.path, base) : isWithin(path.path, base);
  if (!allowed) throw new AppError('forbidden', 'fsOutsideBasePath');
  const resolved = resolveMount(path.path, mounts);
  if (!resolved) {
    const children = virtualChildren(path.path, mounts);
    if (!children && path.path !== '/') throw new AppError('not_found', 'mountNotFound');
    if (options.writable) throw new AppError('forbidden', 'fsRootReadOnly');
    return { kind: 'virtual', path, children: children ?? [] };
  }
  if (options.writable === 'entry' && resolved.key === '') throw new AppError('forbidden', 'fsRootReadOnly');
  const confine = baseInside(resolved.mount, base, path.path);
  const storageKey = `${resolved.mount.id}\n${confine}`;
  const storage = storages.get(storageKey) ?? storageOf(ctx, resolved.mount, confine);
  storages.set(storageKey, storage);
  const { driver, expiresIn, configId } = await storage;
  touchMount(ctx, resolved.mount);
  return { kind: 'mount', path, mount: resolved.mount, key: resolved.key, driver, expiresIn, configId, principal };
}

/**
 * The folder of a key's base path inside a mount, as a prefix below the mount's root ("team/"), when
 * the base path lies below the mount and `path` inside it: the storage then keeps the key there on
 * disk as well, where a link could lead a path that is inside it by name out of it (issue 42, item
 * 12). Empty otherwise (the navigation above a base path lists folder names only).
 */
function baseInside(mount: MountRecord, base: string, path: string): string {
  const mountPath = mount.mountPath.replace(/\/+$/, '');
  if (base === '/' || base === mountPath || !isWithin(base, mountPath) || !isWithin(path, base)) return '';
  return `${base.slice(mountPath.length + 1)}/`;
}

/**
 * The driver of a mount: its storage config's, seen from the mount's root folder (keys are relative
 * to it, and nothing above it can be named), and how long its presigned URLs live.
 */
export async function storageOf(
  ctx: ModelContext,
  mount: Pick<MountRecord, 'storageConfigId' | 'rootFolder'>,
  /** A folder below the mount's root that keys must stay inside on the storage too (a key's base path). */
  confine = '',
) {
  const config = mount.storageConfigId ? await storageConfigOf(ctx, mount.storageConfigId) : null;
  if (!config) throw new AppError('not_found', 'mountStorageMissing');
  return {
    driver: rootedDriver(ctx.storage.driverFor(config), mount.rootFolder, confine),
    expiresIn: config.signatureExpiresIn || 3600,
    configId: config.id,
  };
}

/** A storage config by id (null when gone), read once per WebDAV request (keptForRequest). */
export function storageConfigOf(ctx: ModelContext, id: string) {
  return keptForRequest(`storageConfig ${id}`, () => ctx.db.storageConfig.findUnique({ where: { id } }));
}

/** Whether two located paths share one driver view (config and root): copies between them stay server-side. */
export const sameStorage = (a: Pick<InMount, 'configId' | 'mount'>, b: Pick<InMount, 'configId' | 'mount'>) =>
  a.configId === b.configId && a.mount.rootFolder === b.mount.rootFolder;

/** Marks a mount used on fs and WebDAV use (models/last-used.server.ts). */
function touchMount(ctx: ModelContext, mount: MountRecord): void {
  markUsed(ctx, `mount ${mount.id}`, mount.lastUsedAt, (now) =>
    ctx.db.mount.updateMany({ where: { id: mount.id }, data: { lastUsedAt: now } }),
  );
}

/**
 * What macOS Finder writes beside files over WebDAV: AppleDouble "._name" files and ".DS_Store".
 * Finder needs them stored (a refused one fails the whole copy), but they are its bookkeeping: the
 * explorer and search leave them out (docs/architecture.md §8).
 */
export const isFinderMetadata = (name: string) => name === '.DS_Store' || name.startsWith('._');
