import { randomUUID } from 'node:crypto';
import { creatorId, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { claimSlug } from './files.server';
import { toFileRecord, type FileShareRecord } from './records.server';

/**
 * A file share of a mounted file (docs/product/api.md §3.10 fs/create-share): the share points at
 * the object where it is (`file_path` is its virtual path), so removing the share never removes
 * the file (files.server.ts removeShare). No password, expiry or view limit; streamed through the app.
 */
export async function shareMountedFile(
  ctx: ModelContext,
  principal: Principal,
  file: { path: string; key: string; storageConfigId: string; size: number; etag: string | null },
): Promise<FileShareRecord> {
  const config = await ctx.db.storageConfig.findUnique({ where: { id: file.storageConfigId } });
  if (!config) throw new AppError('not_found', 'mountStorageMissing');
  const filename = file.path.split('/').pop()!;
  const row = await ctx.db.fileShare.create({
    data: {
      id: randomUUID(),
      slug: await claimSlug(ctx, principal, undefined, false),
      filename,
      storageConfigId: config.id,
      storageType: config.storageType === 's3' ? 'S3' : 'LOCAL',
      storagePath: file.key,
      filePath: file.path,
      mimetype: mimeFromFilename(filename),
      size: BigInt(file.size),
      etag: file.etag,
      // No remark: v0.7.3's "来自文件系统: <path>" showed every visitor the internal path (issue 28 A5).
      remark: null,
      useProxy: true,
      createdBy: creatorId(principal),
    },
    include: { storageConfig: true },
  });
  return toFileRecord(row);
}
