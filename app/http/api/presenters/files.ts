import type { deleteFiles, ListedFile, OwnedFileRecord } from '~/models/shares/manage/files-admin.server';
import { apiMessage } from '../errors';
import type { ShareLinks } from '~/models/shares/visit/content-access.server';
import type { SharedListing } from '~/models/shares/visit/folder-access.server';
import type { FileShareRecord } from '~/models/shares/records.server';
import { fileContentHref, fileHref } from '~/lib/hrefs';
import { shareBasics } from '~/lib/share-basics';

/** The wire shapes of file shares in docs/product/api.md §3.4 (snake_case, 0/1 flags, the legacy URL pairs). */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const sealedFields = (file: FileShareRecord) => ({
  encrypted: file.envelope !== null,
  ...(file.envelope !== null && { envelope: file.envelope }),
});

/** Public file info: the URLs only once the share is open (`links` given). */
export function presentPublicFile(file: FileShareRecord, links: ShareLinks | null) {
  const info = {
    ...shareBasics(file),
    created_at: iso(file.createdAt),
    created_by: file.createdBy,
    requires_password: file.hasPassword,
    views: file.views,
    max_views: file.maxViews,
    expires_at: iso(file.expiresAt),
    use_proxy: file.useProxy ? 1 : 0,
    // Ours (docs/api-extensions.md §8): a folder share lists its entries at /public/files/{slug}/entries.
    kind: file.kind,
    ...(file.items && { items: file.items }),
    // Ours (docs/api-extensions.md §11): an encrypted share's header and sealed name; no secret.
    ...sealedFields(file),
  };
  return links ? { ...info, previewUrl: links.previewUrl, downloadUrl: links.downloadUrl } : info;
}

/** File record of the management list and detail, without any secret. */
export function presentFileRecord(file: FileShareRecord & { creatorKeyName?: string | null }) {
  return {
    id: file.id,
    filename: file.filename,
    slug: file.slug,
    storage_path: file.storagePath,
    storage_config_id: file.storageConfigId,
    storage_type: file.storageType,
    file_path: file.filePath,
    mimetype: file.mimetype,
    size: file.size,
    remark: file.remark,
    created_at: iso(file.createdAt),
    updated_at: iso(file.updatedAt),
    views: file.views,
    max_views: file.maxViews,
    expires_at: iso(file.expiresAt),
    etag: file.etag,
    created_by: file.createdBy,
    use_proxy: file.useProxy ? 1 : 0,
    storage_config_name: file.storage.name,
    storage_provider_type: file.storage.providerType,
    provider_type: file.storage.providerType,
    storage_config_detail_id: file.storageConfigId,
    has_password: file.hasPassword,
    ...sealedFields(file),
    ...(file.creatorKeyName ? { key_name: file.creatorKeyName } : {}),
  };
}

/**
 * The upload-direct / upload answer. Proxy URLs carry ?password= when one was set (the uploader
 * knows it); `direct` are the presigned URLs whatever the share's mode.
 */
export function presentUploadResult(
  file: FileShareRecord,
  links: { stored: ShareLinks; direct: ShareLinks },
  origin: string,
  password: string | undefined,
) {
  const withPassword = (url: string) => (password ? `${url}?password=${encodeURIComponent(password)}` : url);
  const { stored, direct } = links;
  return {
    ...shareBasics(file),
    created_at: iso(file.createdAt),
    requires_password: file.hasPassword,
    views: 0,
    max_views: file.maxViews,
    expires_at: iso(file.expiresAt),
    previewUrl: file.useProxy ? withPassword(stored.previewUrl) : stored.previewUrl,
    downloadUrl: file.useProxy ? withPassword(stored.downloadUrl) : stored.downloadUrl,
    s3_direct_preview_url: direct.previewUrl,
    s3_direct_download_url: direct.downloadUrl,
    proxy_preview_url: withPassword(stored.proxyPreviewUrl),
    proxy_download_url: withPassword(stored.proxyDownloadUrl),
    use_proxy: file.useProxy ? 1 : 0,
    created_by: file.createdBy,
    url: fileHref(file.slug, undefined, origin),
  };
}

/** Where the object lives, as v0.7.3 reported it: the bucket URL for S3, our download URL for local disk. */
export function objectUrl(file: FileShareRecord, origin: string): string {
  const { storage } = file;
  if (storage.kind === 's3' && storage.endpointUrl) {
    const base = storage.endpointUrl.replace(/\/+$/, '');
    return `${base}/${storage.bucketName}/${file.storagePath.split('/').map(encodeURIComponent).join('/')}`;
  }
  return fileContentHref(file.slug, 'download', {}, origin);
}

/** The fields every presign/init answer shares (docs/product/api.md §3.4 s3/presign). */
export function presentPendingShare(file: FileShareRecord, origin: string) {
  return {
    file_id: file.id,
    slug: file.slug,
    storage_path: file.storagePath,
    s3_url: objectUrl(file, origin),
    provider_type: file.storage.providerType,
    contentType: file.mimetype,
    hasPassword: file.hasPassword,
    expiresAt: file.expiresAt?.toISOString() ?? null,
    maxViews: file.maxViews,
    url: fileHref(file.slug),
  };
}

/** The commit answer: the share record (without secrets) and its page. */
export function presentCommittedShare(file: FileShareRecord) {
  return { ...presentFileRecord(file), url: fileHref(file.slug) };
}

export type { ListedFile };

/** A page of a folder inside a folder share (GET /public/files/{slug}/entries). */
export function presentSharedListing(listing: SharedListing) {
  return {
    path: listing.path,
    items: listing.entries.map((e) => ({
      name: e.name,
      path: e.path,
      isDirectory: e.isDirectory,
      size: e.size,
      modified: iso(e.modified),
      mimetype: e.mimetype,
    })),
    ...(listing.cursor && { cursor: listing.cursor }),
  };
}

/** GET /files/{id}: the record for its owner, with its password and links. */
export const presentOwnedFile = (file: OwnedFileRecord, urls: ShareLinks) => ({
  ...presentFileRecord(file),
  plain_password: file.plainPassword,
  urls: { ...urls, use_proxy: file.useProxy ? 1 : 0 },
});

/** Ours (docs/api-extensions.md §10): a bundle is a file record of kind "bundle". */
export const presentBundle = (bundle: FileShareRecord) => ({ ...presentFileRecord(bundle), kind: bundle.kind });

export const presentFilesDeleted = (result: Awaited<ReturnType<typeof deleteFiles>>) => ({
  success: result.success,
  failed: result.failed.map((f) => ({ id: f.id, error: apiMessage(f.error) })),
});

/** GET /office-preview/{slug}: a bare object, the URL an office viewer fetches for a while. */
export const presentOfficeSource = (source: { file: FileShareRecord; url: string; expiresIn: number }) => ({
  url: source.url,
  filename: source.file.filename,
  mimetype: source.file.mimetype,
  expires_in: source.expiresIn,
  is_temporary: true,
});

/** This endpoint's errors are `{error}` objects, not the envelope (docs/product/api.md §3.4). */
export const presentBareError = (message: string) => ({ error: message });
