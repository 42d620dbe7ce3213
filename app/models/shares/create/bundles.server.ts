import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { authorize } from '~/auth/operations';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { FOLDER_MIMETYPE } from '~/lib/mime';
import type { UploadOptions } from '~/lib/schemas/files';
import type { ModelContext } from '~/models/context.server';
import { claimSlug, shareFields } from './new-share.server';
import { BUNDLED, toFileRecord, type FileShareRecord } from '../records.server';

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
 * (bundleDriver); removing the bundle removes them (remove.server.ts removeShare). Only the caller's
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
