import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { withQuota } from '~/models/quotas/quotas.server';
import { creatorId, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { FOLDER_MIMETYPE, mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import type { UploadOptions } from '~/lib/schemas/files';
import { claimSlug, shareFields } from './new-share.server';
import { toFileRecord, type FileShareRecord } from '../records.server';
import { apiStorageType } from '~/lib/storage-kinds';

/** What a share of a mounted file may be given, as on the upload page (issue 28 A5). */
export type MountedShareOptions = Pick<UploadOptions, 'slug' | 'password' | 'expires_in' | 'max_views' | 'remark'>;

/** What a share of mounted storage points at: one object, or a folder (and a selection in it). */
export interface MountedTarget {
  /** Virtual path: the file's, or the folder's. */
  path: string;
  /** Storage key: the object's, or the folder's prefix ("" or "a/b/"), the mount's root folder included. */
  key: string;
  storageConfigId: string;
  size: number;
  etag: string | null;
  /** A folder share (models/shares/create/share-paths.server.ts): its display name and, for a selection, its names. */
  folder?: { name: string; items: string[] | null };
}

/**
 * A share of mounted storage (docs/product/api.md §3.10 fs/create-share): the share points at the
 * object or folder where it is (`file_path` is its virtual path), so removing the share never
 * removes the files (shares/remove.server.ts removeShare). Slug, password, expiry, view limit and remark as
 * on the upload page (docs/api-extensions.md §5); always streamed through the app (the object is
 * not the share's).
 */
export async function shareMountedFile(
  ctx: ModelContext,
  principal: Principal,
  target: MountedTarget,
  options: MountedShareOptions = {},
): Promise<FileShareRecord> {
  const config = await ctx.db.storageConfig.findUnique({ where: { id: target.storageConfigId } });
  if (!config) throw new AppError('not_found', 'mountStorageMissing');
  const filename = target.folder?.name ?? target.path.split('/').pop()!;
  // Never an override: a slug in use is a 409, as on the upload page without "replace".
  const slug = await claimSlug(ctx, principal, options.slug, false);
  const fields = await shareFields(options, ctx.masterKey);
  // A share of a key's day (decision 0034); the file is the mount's, not stored again.
  const create = () =>
    ctx.db.fileShare.create({
      data: {
        id: randomUUID(),
        slug,
        filename,
        storageConfigId: config.id,
        storageType: apiStorageType(config.storageType),
        storagePath: target.key,
        filePath: target.path,
        mimetype: target.folder ? FOLDER_MIMETYPE : mimeFromFilename(filename),
        size: BigInt(target.size),
        etag: target.etag,
        ...(target.folder && { kind: 'folder', items: target.folder.items && JSON.stringify(target.folder.items) }),
        // No remark unless written: v0.7.3's "来自文件系统: <path>" showed every visitor the internal path (issue 28 A5).
        ...fields,
        useProxy: true,
        createdBy: creatorId(principal),
      },
      include: { storageConfig: true },
    });
  const row = await withQuota(ctx, principal, { share: true, bytes: 0 }, create, () => ({ bytes: 0 }));
  audit(ctx, principal, { action: 'file.create', target: slug, detail: target.path });
  return toFileRecord(row);
}
