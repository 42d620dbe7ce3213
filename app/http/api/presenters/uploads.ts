import { fileHref } from '~/lib/hrefs';
import type { initMultipartUpload, resumeMultipartUpload } from '~/models/shares/create/direct-uploads.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import { apiMessage } from '../errors';
import { objectUrl, presentPendingShare } from './files';

/**
 * The wire shapes of uploads that go straight to storage (docs/product/api.md §3.4 s3/presign and
 * url/*; the multipart and cancel answers are ours). `origin` makes every URL absolute: the local
 * driver signs paths on this app.
 */

export const absoluteUrl = (url: string, origin: string) => new URL(url, origin).toString();

/** Part URLs as the client gets them: absolute. */
export const partUrls = (urls: { partNumber: number; url: string }[], origin: string) =>
  urls.map((u) => ({ partNumber: u.partNumber, url: absoluteUrl(u.url, origin) }));

type Started = Awaited<ReturnType<typeof initMultipartUpload>>;
type Resumed = Awaited<ReturnType<typeof resumeMultipartUpload>>;
/** Where a URL upload's bytes come from (POST /url/info). */
type Source = { corsSupported: boolean; sourceUrl: string };

export function presentPresigned(file: FileShareRecord, uploadUrl: string, origin: string) {
  return { ...presentPendingShare(file, origin), upload_url: absoluteUrl(uploadUrl, origin) };
}

export function presentMultipartStarted(started: Started, origin: string) {
  return {
    ...presentPendingShare(started.file, origin),
    upload_id: started.uploadId,
    partSize: started.partSize,
    partCount: started.partCount,
    totalSize: started.totalSize,
    presigned_urls: partUrls(started.urls, origin),
  };
}

export function presentMultipartResumed(resumed: Resumed, uploadId: string, origin: string) {
  return {
    ...presentPendingShare(resumed.file, origin),
    upload_id: uploadId,
    parts: resumed.parts,
    partSize: resumed.partSize,
    partCount: resumed.partCount,
    totalSize: resumed.totalSize,
    presigned_urls: partUrls(resumed.urls, origin),
  };
}

export const presentCancelled = (fileId: string) => ({ file_id: fileId, status: 'cancelled' });

export const presentAborted = (fileId: string) => ({ success: true, fileId });

/** A URL upload's presign: the share's fields and where its bytes come from. */
export const presentUrlPresigned = (file: FileShareRecord, uploadUrl: string, origin: string, source: Source) => ({
  ...presentPresigned(file, uploadUrl, origin),
  ...source,
});

export function presentUrlMultipartStarted(started: Started, origin: string, source: Source) {
  return {
    ...presentMultipartStarted(started, origin),
    storagePath: started.file.storagePath,
    filename: started.file.filename,
    ...source,
  };
}

export function presentUrlMultipartCompleted(file: FileShareRecord, origin: string) {
  return {
    success: true,
    fileId: file.id,
    slug: file.slug,
    filename: file.filename,
    size: file.size,
    etag: file.etag,
    url: fileHref(file.slug),
    s3Url: objectUrl(file, origin),
  };
}

export const presentUrlAborted = (fileId: string) => ({
  success: true,
  message: apiMessage('multipartAborted'),
  fileId,
});

export const presentUrlCancelled = (fileId: string) => ({
  ...presentCancelled(fileId),
  message: apiMessage('uploadCancelled'),
});
