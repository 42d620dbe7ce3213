import { randomUUID } from 'node:crypto';
import { creatorId, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import type { UploadOptions } from '~/lib/schemas/files';
import { claimSlug, shareFields } from './files.server';
import { toFileRecord, type FileShareRecord } from './records.server';

/** What a share of a mounted file may be given, as on the upload page (issue 28 A5). */
export type MountedShareOptions = Pick<UploadOptions, 'slug' | 'password' | 'expires_in' | 'max_views' | 'remark'>;

/**
 * A file share of a mounted file (docs/product/api.md §3.10 fs/create-share): the share points at
 * the object where it is (`file_path` is its virtual path), so removing the share never removes
 * the file (files.server.ts removeShare). Slug, password, expiry, view limit and remark as on the
 * upload page (docs/api-extensions.md §5); always streamed through the app (the object is not the share's).
 */
export async function shareMountedFile(
  ctx: ModelContext,
  principal: Principal,
  file: { path: string; key: string; storageConfigId: string; size: number; etag: string | null },
  options: MountedShareOptions = {},
): Promise<FileShareRecord> {
  const config = await ctx.db.storageConfig.findUnique({ where: { id: file.storageConfigId } });
  if (!config) throw new AppError('not_found', 'mountStorageMissing');
  const filename = file.path.split('/').pop()!;
  // Never an override: a slug in use is a 409, as on the upload page without "replace".
  const slug = await claimSlug(ctx, principal, options.slug, false);
  const fields = await shareFields(options, ctx.masterKey);
  const row = await ctx.db.fileShare.create({
    data: {
      id: randomUUID(),
      slug,
      filename,
      storageConfigId: config.id,
      storageType: config.storageType === 's3' ? 'S3' : 'LOCAL',
      storagePath: file.key,
      filePath: file.path,
      mimetype: mimeFromFilename(filename),
      size: BigInt(file.size),
      etag: file.etag,
      // No remark unless written: v0.7.3's "来自文件系统: <path>" showed every visitor the internal path (issue 28 A5).
      ...fields,
      useProxy: true,
      createdBy: creatorId(principal),
    },
    include: { storageConfig: true },
  });
  return toFileRecord(row);
}
