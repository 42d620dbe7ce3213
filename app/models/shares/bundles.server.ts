import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { authorize } from '~/auth/operations';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { FOLDER_MIMETYPE } from '~/lib/mime';
import type { UploadOptions } from '~/lib/schemas/files';
import type { ModelContext } from '~/models/context.server';
import { numberedName } from '~/lib/filename';
import { StorageError, type ObjectInfo, type StorageDriver } from '~/storage/types';
import { claimSlug, shareFields } from './files.server';
import {
  BUNDLED,
  bundleMembers,
  driverOfShare,
  toFileRecord,
  type FileShareRecord,
  type ShareRow,
} from './records.server';

/** How many uploads one link may hold: a folder share's page size times ten. */
export const MAX_BUNDLE = 1000;

export type BundleOptions = Pick<UploadOptions, 'slug' | 'password' | 'expires_in' | 'max_views' | 'remark'> & {
  name?: string;
};

/**
 * "One link for all" (issue 30): file shares just uploaded together become one share, a bundle.
 * The bundle is a share of kind "bundle" whose `items` are its members' ids; each member keeps its
 * object and its row, with status "bundled", so it drops out of every list and its own slug stops
 * answering (only "ready" shares do). Visitors see the bundle as a folder of the members' names
 * (bundleDriver); removing the bundle removes them (files.server.ts removeShare). Only the caller's
 * own uploads, never shares of mounted files, and each in one bundle at most.
 */
export async function bundleUploads(
  ctx: ModelContext,
  principal: Principal,
  ids: string[],
  options: BundleOptions,
): Promise<FileShareRecord> {
  authorize(principal, 'file.upload');
  const unique = [...new Set(ids)];
  if (unique.length < 2 || unique.length > MAX_BUNDLE) throw new AppError('invalid', 'bundleSize', { max: MAX_BUNDLE });
  const members = await ctx.db.fileShare.findMany({ where: { id: { in: unique } }, include: { storageConfig: true } });
  const usable = members.filter(
    // An encrypted file has its own key: one link could not open them all (docs/encryption.md).
    (m) =>
      m.status === 'ready' &&
      m.kind === 'file' &&
      m.filePath === null &&
      m.envelope === null &&
      isCreator(principal, m.createdBy),
  );
  if (usable.length !== unique.length) throw new AppError('invalid', 'bundleMembersInvalid');
  const slug = await claimSlug(ctx, principal, options.slug, false);
  const fields = await shareFields(options, ctx.masterKey);
  const first = usable[0]!;
  const id = randomUUID();
  // One transaction: the members leave the lists exactly when the bundle appears, or neither.
  const [bundle, moved] = await ctx.db.$transaction([
    ctx.db.fileShare.create({
      data: {
        id,
        slug,
        filename: options.name?.trim() || `${usable.length} files`,
        storageConfigId: first.storageConfigId,
        storageType: first.storageType,
        storagePath: '',
        mimetype: FOLDER_MIMETYPE,
        // What it holds (the usage figures leave bundles out: their uploads are counted).
        size: usable.reduce((sum, m) => sum + m.size, 0n),
        kind: 'bundle',
        items: JSON.stringify(unique),
        ...fields,
        useProxy: true,
        createdBy: creatorId(principal),
        status: 'ready',
      },
      include: { storageConfig: true },
    }),
    // The bundle's expiry and view limit govern; the members' own would end it from inside.
    ctx.db.fileShare.updateMany({
      where: { id: { in: unique }, status: 'ready' },
      data: { status: BUNDLED, expiresAt: null, maxViews: null },
    }),
  ]);
  if (moved.count !== unique.length) {
    // Another bundle or a delete took one of them meanwhile: undo, and say so.
    await ctx.db.$transaction([
      ctx.db.fileShare.updateMany({ where: { id: { in: unique }, status: BUNDLED }, data: { status: 'ready' } }),
      ctx.db.fileShare.deleteMany({ where: { id } }),
    ]);
    throw new AppError('conflict', 'bundleMembersInvalid');
  }
  audit(ctx, principal, { action: 'file.create', target: slug, detail: bundle.filename });
  return toFileRecord(bundle);
}

const readOnly = () => Promise.reject(new StorageError('denied', 'A bundle of uploads is read-only'));

/**
 * A bundle seen as one flat folder (the folder share's gate and pages read it like any driver):
 * each member under its file name, numbered when two share one, its bytes read from its own
 * storage. Nothing but those names can be named; nothing can be written.
 */
export async function bundleDriver(ctx: ModelContext, bundle: ShareRow): Promise<StorageDriver> {
  const byName = new Map<string, ShareRow>();
  for (const member of await bundleMembers(ctx, bundle)) {
    let n = 1;
    while (byName.has(numberedName(member.filename, n))) n++;
    byName.set(numberedName(member.filename, n), member);
  }
  const info = (name: string, member: ShareRow): ObjectInfo => ({
    key: name,
    size: Number(member.size),
    lastModified: member.createdAt,
    etag: member.etag,
    contentType: member.mimetype,
  });
  const member = (key: string) => {
    const found = byName.get(key);
    if (!found) throw new StorageError('not_found', `No ${key} in this bundle`);
    return found;
  };
  const base = driverOfShare(ctx, bundle);
  return {
    type: base.type,
    capabilities: base.capabilities,
    stat: async (key) => {
      const found = byName.get(key);
      return found ? info(key, found) : null;
    },
    list: async (prefix) => ({
      objects: prefix === '' ? [...byName].map(([name, m]) => info(name, m)) : [],
      prefixes: [],
    }),
    read: async (key, range) => {
      const found = member(key);
      return driverOfShare(ctx, found).read(found.storagePath, range);
    },
    presignGet: async (key, options) => {
      const found = member(key);
      return driverOfShare(ctx, found).presignGet(found.storagePath, options);
    },
    write: readOnly,
    remove: readOnly,
    copy: readOnly,
    move: readOnly,
    createFolder: readOnly,
    removePrefix: readOnly,
    presignPut: readOnly,
    multipartInit: readOnly,
    multipartSignParts: readOnly,
    multipartComplete: readOnly,
    multipartAbort: readOnly,
    multipartListParts: readOnly,
    staleUploads: async () => [],
  };
}
