import type { MountIndexStatus } from '~/models/fs/search/admin.server';
import { WIRE_STORAGE_TYPE } from './mounts';
import type { searchFs } from '~/models/fs/search/search.server';

/** fs/search (docs/product/api.md §3.10): results, counts and the parameters as understood. */
export function presentSearch(
  found: Awaited<ReturnType<typeof searchFs>>,
  input: { q: string; scope: string; mount_id?: string; path?: string; limit: number; offset: number },
) {
  return {
    results: found.results.map((r) => ({
      name: r.name,
      path: r.path,
      size: r.size,
      modified: r.modified?.toISOString() ?? null,
      isDirectory: r.isDirectory,
      contentType: r.contentType,
      mount_id: r.mount.id,
      mount_name: r.mount.name,
      storage_type: WIRE_STORAGE_TYPE,
      s3_key: r.key,
    })),
    total: found.total,
    hasMore: found.hasMore,
    searchParams: {
      query: input.q.trim(),
      scope: input.scope,
      mountId: input.mount_id ?? null,
      path: input.path ?? null,
      limit: input.limit,
      offset: input.offset,
    },
    // v0.7.3 leaves the field out when no mount exists at all.
    ...(found.mountsExist && { mountsSearched: found.mountsSearched }),
  };
}

/** GET /admin/fs-index (docs/api-extensions.md): per mount id, entries and the last rescan. */
export function presentIndexStatus(status: Map<string, MountIndexStatus>) {
  return Object.fromEntries(
    [...status].map(([mountId, s]) => [
      mountId,
      {
        entries: s.entries,
        status: s.run?.status ?? null,
        scanned: s.run?.entries ?? 0,
        error: s.run?.error ?? null,
        started_at: s.run?.startedAt.toISOString() ?? null,
        finished_at: s.run?.finishedAt?.toISOString() ?? null,
      },
    ]),
  );
}
