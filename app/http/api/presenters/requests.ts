import type { PublicRequest } from '~/models/requests/receive.server';
import type { ArrivalRecord, UploadRequestRecord } from '~/models/requests/records.server';

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
