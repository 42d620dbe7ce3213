import type { RequestView } from '~/components/request/types';
import type { PublicRequest } from '~/models/requests/receive.server';

/** The page's view of a request: ISO dates, and only what a visitor may see. */
export function requestView(r: PublicRequest): RequestView {
  return {
    slug: r.slug,
    title: r.title,
    note: r.note,
    hasPassword: r.hasPassword,
    grant: r.grant,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    maxFiles: r.maxFiles,
    maxFileBytes: r.maxFileBytes,
    maxTotalBytes: r.maxTotalBytes,
    files: r.files,
    bytes: r.bytes,
    state: r.state,
    arrivals: r.arrivals?.map((a) => ({ name: a.name, size: a.size, createdAt: a.createdAt.toISOString() })) ?? null,
  };
}
