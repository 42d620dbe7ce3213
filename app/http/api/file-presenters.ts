import type { Request } from 'express';
import type { FileWithStorage } from '~/models/shares/files.server';
import { driverOf } from '~/models/storage/configs.server';
import type { ModelContext } from '~/models/context.server';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function originOf(req: Request, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.get('host')}`;
}

/** Where a share's content is read from: our proxy URLs, or short-lived presigned URLs (direct mode). */
export async function shareUrls(deps: ModelContext, file: FileWithStorage, origin: string) {
  const proxyPreviewUrl = `${origin}/api/file-view/${encodeURIComponent(file.slug)}`;
  const proxyDownloadUrl = `${origin}/api/file-download/${encodeURIComponent(file.slug)}`;
  if (file.useProxy)
    return { previewUrl: proxyPreviewUrl, downloadUrl: proxyDownloadUrl, proxyPreviewUrl, proxyDownloadUrl };
  const driver = driverOf(deps, file.storageConfig);
  const expiresIn = file.storageConfig.signatureExpiresIn;
  const absolute = (url: string) => new URL(url, origin).toString();
  return {
    previewUrl: absolute(await driver.presignGet(file.storagePath, { expiresIn, contentType: file.mimetype })),
    downloadUrl: absolute(await driver.presignGet(file.storagePath, { expiresIn, downloadName: file.filename })),
    proxyPreviewUrl,
    proxyDownloadUrl,
  };
}

/** Public file info (api.md §3.4): the URLs only once the share is open. */
export async function publicFileInfo(deps: ModelContext, file: FileWithStorage, origin: string, open: boolean) {
  const info = {
    id: file.id,
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: Number(file.size),
    remark: file.remark,
    created_at: iso(file.createdAt),
    created_by: file.createdBy,
    requires_password: file.passwordHash !== null,
    views: file.views,
    max_views: file.maxViews,
    expires_at: iso(file.expiresAt),
    use_proxy: file.useProxy ? 1 : 0,
  };
  if (!open) return info;
  const urls = await shareUrls(deps, file, origin);
  return { ...info, previewUrl: urls.previewUrl, downloadUrl: urls.downloadUrl };
}

/** File record of the management list (api.md §3.4), without the password hash. */
export function fileRecord(file: FileWithStorage, keyName: string | undefined) {
  return {
    id: file.id,
    filename: file.filename,
    slug: file.slug,
    storage_path: file.storagePath,
    storage_config_id: file.storageConfigId,
    storage_type: file.storageType,
    file_path: file.filePath,
    mimetype: file.mimetype,
    size: Number(file.size),
    remark: file.remark,
    created_at: iso(file.createdAt),
    updated_at: iso(file.updatedAt),
    views: file.views,
    max_views: file.maxViews,
    expires_at: iso(file.expiresAt),
    etag: file.etag,
    created_by: file.createdBy,
    use_proxy: file.useProxy ? 1 : 0,
    storage_config_name: file.storageConfig.name,
    storage_provider_type: file.storageConfig.providerType,
    provider_type: file.storageConfig.providerType,
    storage_config_detail_id: file.storageConfigId,
    has_password: file.passwordHash !== null,
    ...(keyName ? { key_name: keyName } : {}),
  };
}

/** The upload-direct / upload response (api.md §3.4). Proxy URLs carry ?password= when one was set. */
export async function uploadResult(
  deps: ModelContext,
  file: FileWithStorage,
  origin: string,
  password: string | undefined,
) {
  const urls = await shareUrls(deps, file, origin);
  const withPassword = (url: string) => (password ? `${url}?password=${encodeURIComponent(password)}` : url);
  const direct = file.useProxy ? await shareUrls(deps, { ...file, useProxy: false }, origin) : urls;
  return {
    id: file.id,
    slug: file.slug,
    filename: file.filename,
    mimetype: file.mimetype,
    size: Number(file.size),
    remark: file.remark,
    created_at: iso(file.createdAt),
    requires_password: file.passwordHash !== null,
    views: 0,
    max_views: file.maxViews,
    expires_at: iso(file.expiresAt),
    previewUrl: file.useProxy ? withPassword(urls.previewUrl) : urls.previewUrl,
    downloadUrl: file.useProxy ? withPassword(urls.downloadUrl) : urls.downloadUrl,
    s3_direct_preview_url: direct.previewUrl,
    s3_direct_download_url: direct.downloadUrl,
    proxy_preview_url: withPassword(urls.proxyPreviewUrl),
    proxy_download_url: withPassword(urls.proxyDownloadUrl),
    use_proxy: file.useProxy ? 1 : 0,
    created_by: file.createdBy,
    url: `${origin}/file/${encodeURIComponent(file.slug)}`,
  };
}
