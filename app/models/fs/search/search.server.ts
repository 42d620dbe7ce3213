import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { activeMountsFor, basePathOf, type MountRecord } from '~/models/mounts/mounts.server';
import { isWithin, joinPath, parseVirtualPath } from '~/storage/vfs/path';
import { resolveMount } from '~/storage/vfs/resolve';
import type { SearchScope } from '~/storage/vfs/search-index.server';
import { isReservedName } from '~/lib/reserved-names';

/** Search limits (docs/product/api.md §1.7 and §3.10 fs/search; docs/product/spec.md §5 and §9). */
export const SEARCH_MIN_CHARS = 2;
/** A page of hits is SEARCH_PAGE (lib/explorer.ts) unless asked otherwise, and never more than this. */
export const SEARCH_MAX_LIMIT = 200;
const MAX_QUERY_CHARS = 200;

export type SearchScopeKind = 'global' | 'mount' | 'directory';

export interface SearchInput {
  query: string;
  scope: SearchScopeKind;
  mountId?: string;
  /** For the directory scope: the folder searched, with everything under it. */
  path?: string;
  limit: number;
  offset: number;
}

export interface SearchHit {
  name: string;
  /** Virtual path; a folder's ends in "/". */
  path: string;
  isDirectory: boolean;
  size: number;
  modified: Date | null;
  contentType: string;
  mount: MountRecord;
  /** The object key under the mount's root. */
  key: string;
}

/** The key prefix inside `mount` that a virtual folder covers: "" for all of it, null for none of it. */
function prefixFor(mount: MountRecord, folder: string): string | null {
  if (isWithin(mount.mountPath, folder)) return '';
  const resolved = resolveMount(folder, [mount]);
  return resolved ? `${resolved.key}/` : null;
}

/** The narrower of two prefixes of one mount, or null when they do not overlap. */
const narrower = (a: string, b: string) => (a.startsWith(b) ? a : b.startsWith(a) ? b : null);

/**
 * GET /fs/search: names containing the query on the mounts the caller may see, inside its base path
 * (v0.7.3 searched every mount even for keys; docs/product/api.md §5 item 17 asks us to enforce).
 */
export async function searchFs(ctx: ModelContext, principal: Principal, input: SearchInput) {
  authorize(principal, 'fs.view');
  const query = input.query.trim();
  if ([...query].length < SEARCH_MIN_CHARS) throw new AppError('invalid', 'searchQueryTooShort');
  if ([...query].length > MAX_QUERY_CHARS) throw new AppError('invalid', 'searchQueryTooLong');
  // A name never holds a control character; the databases refuse some (NUL) with an error.
  if (/[\u0000-\u001f\u007f]/.test(query)) throw new AppError('invalid', 'searchQueryInvalid');
  const mounts = await activeMountsFor(ctx, principal);
  const base = basePathOf(principal);
  let candidates = mounts;
  let folder = '/';
  if (input.scope === 'mount') {
    candidates = mounts.filter((m) => m.id === input.mountId);
    if (candidates.length === 0) throw new AppError('forbidden', 'searchMountUnknown');
  } else if (input.scope === 'directory') {
    const path = parseVirtualPath(input.path || '/');
    if (!path || path.segments.some(isReservedName)) throw new AppError('invalid', 'fsPathInvalid');
    folder = path.path;
  }
  const scopes: (SearchScope & { mount: MountRecord })[] = [];
  for (const mount of candidates) {
    const allowed = prefixFor(mount, base);
    const asked = prefixFor(mount, folder);
    const prefix = allowed === null || asked === null ? null : narrower(allowed, asked);
    if (prefix !== null) scopes.push({ mountId: mount.id, prefix, mount });
  }
  const { hits, total } = await ctx.searchIndex.search(query, scopes, input.limit, input.offset);
  const byId = new Map(scopes.map((s) => [s.mountId, s.mount]));
  const results: SearchHit[] = hits.map((hit) => {
    const mount = byId.get(hit.mountId)!;
    const path = joinPath(mount.mountPath, hit.key);
    return {
      name: hit.name,
      path: hit.isDir ? `${path}/` : path,
      isDirectory: hit.isDir,
      size: hit.size,
      modified: hit.modified,
      contentType: hit.isDir ? 'application/x-directory' : mimeFromFilename(hit.name),
      mount,
      key: hit.key,
    };
  });
  return {
    results,
    total,
    hasMore: input.offset + results.length < total,
    mountsSearched: scopes.length,
    mountsExist: mounts.length > 0,
  };
}
