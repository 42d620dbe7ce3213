import type { PublicRequest } from '~/models/requests/receive.server';
import type { startRequestUpload } from '~/models/requests/parts.server';
import type { ArrivalRecord, UploadRequestRecord } from '~/models/requests/records.server';
import { partUrls } from './uploads';

/**
 * Upload requests on the wire (docs/api-extensions.md §9): our own shapes, camelCase, ISO dates. The
 * visitor's page reads the same shape (routes/request/page.tsx).
 */
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const presentArrival = (a: ArrivalRecord, origin?: string) => ({
  name: a.name,
  size: a.size,
  note: a.note,
  createdAt: a.createdAt.toISOString(),
  // A request of shares: the file share each file became.
  ...(origin && a.shareSlug ? { url: `${origin}/file/${a.shareSlug}` } : {}),
});

export function presentRequest(r: UploadRequestRecord, origin: string) {
  return {
    id: r.id,
    slug: r.slug,
    url: `${origin}/r/${r.slug}`,
    title: r.title,
    note: r.note,
    target: r.target,
    folder: r.folderPath,
    hasPassword: r.hasPassword,
    expiresAt: iso(r.expiresAt),
    maxFiles: r.maxFiles,
    maxFileBytes: r.maxFileBytes,
    maxTotalBytes: r.maxTotalBytes,
    showArrivals: r.showArrivals,
    state: r.state,
    closedAt: iso(r.closedAt),
    files: r.files,
    bytes: r.bytes,
    newFiles: r.newFiles,
    createdAt: iso(r.createdAt),
  };
}

export function presentPublicRequest(r: PublicRequest) {
  return {
    slug: r.slug,
    title: r.title,
    note: r.note,
    hasPassword: r.hasPassword,
    locked: r.locked,
    grant: r.grant,
    expiresAt: iso(r.expiresAt),
    maxFiles: r.maxFiles,
    maxFileBytes: r.maxFileBytes,
    maxTotalBytes: r.maxTotalBytes,
    files: r.files,
    bytes: r.bytes,
    state: r.state,
    arrivals: r.arrivals?.map((a) => presentArrival(a)) ?? null,
  };
}

export const presentRequestList = (requests: UploadRequestRecord[], origin: string) => ({
  items: requests.map((r) => presentRequest(r, origin)),
});

export const presentRequestDetail = (request: UploadRequestRecord, arrivals: ArrivalRecord[], origin: string) => ({
  ...presentRequest(request, origin),
  arrivals: arrivals.map((a) => presentArrival(a, origin)),
});

/** A big file sent to a request in parts: the plan and a URL for every part still to send. */
export const presentRequestParts = (
  upload: Awaited<ReturnType<typeof startRequestUpload>> & { parts?: unknown },
  uploadId: string,
  origin: string,
) => ({
  upload_id: uploadId,
  name: upload.name,
  partSize: upload.partSize,
  partCount: upload.partCount,
  totalSize: upload.totalSize,
  ...(upload.parts !== undefined && { parts: upload.parts }),
  presigned_urls: partUrls(upload.urls, origin),
});
