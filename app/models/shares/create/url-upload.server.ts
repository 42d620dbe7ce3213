import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import type { UploadOptions } from '~/lib/schemas/files';
import { uploadFileShare } from './uploads.server';
import type { FileShareRecord } from '../records.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { checkQuota } from '~/models/quotas/quotas.server';
import { openUrlSource } from './url-source.server';
import type { ModelContext } from '~/models/context.server';

export interface UrlUploadOptions extends UploadOptions {
  /** Overrides the name taken from the URL (last path segment / Content-Disposition). */
  filename?: string;
}

/**
 * A share from a URL, fetched by the server (the no-JavaScript URL upload form): the permission
 * and the key's quota are checked before any request leaves the server, the fetch is SSRF-safe and
 * capped at the max upload size, and the bytes stream into uploadFileShare like any other upload
 * (which holds them to the key's quota as they come).
 */
export async function uploadShareFromUrl(
  ctx: ModelContext,
  principal: Principal,
  url: string,
  options: UrlUploadOptions,
): Promise<FileShareRecord> {
  authorize(principal, 'file.upload');
  // A key whose quota has no room left is refused before the server fetches anything (issue 42, item 9).
  await checkQuota(ctx, principal, { share: true, held: true });
  const source = await openUrlSource(ctx, principal, url, { maxBytes: await maxUploadBytes(ctx) });
  const { filename, ...shareOptions } = options;
  try {
    return await uploadFileShare(ctx, principal, {
      filename: filename?.trim() || source.filename,
      body: source.stream,
      size: source.size ?? undefined,
      sizeIsExact: source.size !== null,
      options: shareOptions,
    });
  } finally {
    // When a check failed before the body was read, this closes the remote connection.
    source.stream.destroy();
  }
}
