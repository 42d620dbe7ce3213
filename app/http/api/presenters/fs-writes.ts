import type { commitFsUpload, completeFsMultipart, initFsMultipart, presignFsUpload } from '~/models/fs/direct.server';
import type { fileLink } from '~/models/fs/links.server';
import type { removePaths, uploadToFolder, writeTextFile } from '~/models/fs/write.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import { apiMessage } from '../errors';
import { WIRE_STORAGE_TYPE } from './mounts';
import { absoluteUrl, partUrls } from './uploads';

/**
 * The wire shapes of writes to mounted storage (docs/product/api.md §3.10): v0.7.3's fields, its
 * `success` and `message` repeated inside `data` where it had them, `s3Url` and `bucket` null (the
 * client never needs them). Skipped uploads (onConflict "skip") are ours (docs/api-extensions.md).
 */

type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export const presentFileLink = (link: Result<typeof fileLink>, forceDownload: boolean) => ({
  success: true,
  presignedUrl: link.url,
  name: link.name,
  expiresIn: link.expiresIn,
  expiresAt: link.expiresAt.toISOString(),
  forceDownload,
});

export const presentFsShare = (file: FileShareRecord) => ({
  success: true,
  fileId: file.id,
  slug: file.slug,
  filename: file.filename,
  size: file.size,
  url: `/file/${file.slug}`,
  // Ours (docs/api-extensions.md §8): "folder" for a folder or a selection.
  kind: file.kind,
  message: apiMessage('fsShareCreated'),
});

export const presentFsUploaded = (uploaded: Result<typeof uploadToFolder>) => ({
  success: true,
  fileName: uploaded.name,
  size: uploaded.size,
  contentType: uploaded.contentType,
  s3Path: uploaded.key,
  s3Url: null,
  etag: uploaded.etag,
  message: apiMessage('fsUploaded'),
});

export const presentFsPresigned = (presigned: Result<typeof presignFsUpload>, origin: string) => ({
  ...(presigned.skipped
    ? { skipped: true, presignedUrl: null, fileId: null }
    : { presignedUrl: absoluteUrl(presigned.url, origin), fileId: presigned.fileId }),
  s3Path: presigned.key,
  s3Url: null,
  mountId: presigned.mount.id,
  s3ConfigId: presigned.mount.storageConfigId,
  targetPath: presigned.targetPath,
  contentType: presigned.contentType,
});

export const presentFsCommitted = (done: Result<typeof commitFsUpload>) => ({
  fileName: done.fileName,
  targetPath: done.targetPath,
  fileSize: done.size,
  ...(done.skipped && { skipped: true }),
});

export const presentFsMultipartStarted = (started: Result<typeof initFsMultipart>, origin: string) => ({
  ...(started.skipped
    ? { skipped: true, uploadId: null, presignedUrls: [] }
    : { uploadId: started.uploadId, presignedUrls: partUrls(started.urls, origin) }),
  bucket: null,
  key: started.key,
  partSize: started.plan.partSize,
  partCount: started.plan.partCount,
  mount_id: started.mount.id,
  path: started.path,
  storage_type: WIRE_STORAGE_TYPE,
});

export const presentFsMultipartCompleted = (done: Result<typeof completeFsMultipart>) => ({
  success: true,
  fileName: done.name,
  // Ours: where it went (a numbered name when both were kept).
  path: done.path,
  size: done.size,
  contentType: done.contentType,
  s3Path: done.key,
  s3Url: null,
  etag: done.etag,
  location: null,
  message: apiMessage('multipartCompleted'),
});

export const presentFsAborted = () => ({ success: true, message: apiMessage('multipartAborted') });

export const presentTextSaved = (result: Result<typeof writeTextFile>) => ({
  success: true,
  path: result.key,
  etag: result.etag,
  contentType: result.contentType,
  message: apiMessage('fsFileSaved'),
  isNewFile: result.isNewFile,
});

export const presentRemoved = ({ success, failed }: Result<typeof removePaths>) => ({
  success,
  failed: failed.map((f) => ({ path: f.path, error: apiMessage(f.error) })),
});
