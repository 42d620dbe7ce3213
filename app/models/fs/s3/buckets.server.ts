import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { isReservedName } from '~/lib/reserved-names';
import type { ModelContext } from '~/models/context.server';
import { activeMountsFor, basePathOf } from '~/models/mounts/mounts.server';
import { isNavigable, isWithin } from '~/storage/vfs/path';
import { listDirectory } from '../browse.server';

/**
 * What the S3 door shows of the virtual tree (docs/s3.md §3, decision 0040): a bucket is the first
 * segment of a mount's path (`/team` → `team`), and an object key is the path below it, so
 * `s3://team/a/b.txt` is `/team/a/b.txt` — the very path every other door names, checked by the
 * same `locate`. Reading needs MOUNT_VIEW, as the explorer does.
 */

/** The virtual path of a bucket's key. */
export function pathOf(bucket: string, key = ''): string {
  if (!bucket || bucket.includes('/') || isReservedName(bucket)) throw new AppError('not_found', 's3NoSuchBucket');
  return key ? `/${bucket}/${key}` : `/${bucket}`;
}

export interface S3Bucket {
  name: string;
  created: Date;
}

/** ListBuckets: one per first segment of the mounts the principal may see. */
export async function s3Buckets(ctx: ModelContext, principal: Principal): Promise<S3Bucket[]> {
  authorize(principal, 'fs.view');
  const base = basePathOf(principal);
  const buckets = new Map<string, Date>();
  for (const mount of await activeMountsFor(ctx, principal)) {
    const name = mount.mountPath.split('/').filter(Boolean)[0];
    if (!name || !(isNavigable(`/${name}`, base) || isWithin(`/${name}`, base))) continue;
    const before = buckets.get(name);
    if (!before || mount.createdAt < before) buckets.set(name, mount.createdAt);
  }
  return [...buckets].map(([name, created]) => ({ name, created })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** HeadBucket / GetBucketLocation: the bucket is one the principal sees (404 NoSuchBucket otherwise). */
export async function s3Bucket(ctx: ModelContext, principal: Principal, bucket: string): Promise<void> {
  pathOf(bucket);
  if (!(await s3Buckets(ctx, principal)).some((b) => b.name === bucket))
    throw new AppError('not_found', 's3NoSuchBucket');
}

export interface S3ListQuery {
  prefix: string;
  delimiter: string;
  /** Keys after this one only (start-after, or the continuation token's key). */
  after: string;
  maxKeys: number;
}

export interface S3Listed {
  objects: { key: string; size: number; etag: string | null; modified: Date | null }[];
  prefixes: string[];
  /** The last key or prefix given, when more follow (the next page starts after it). */
  next: string | null;
}

const SURROGATE = /[\uD800-\uDFFF]/;
/**
 * S3's order of keys: their UTF-8 bytes. JavaScript's own string order (UTF-16 code units) is the
 * same except where a character beyond U+FFFF meets one from U+E000 to U+FFFF, so only keys with a
 * surrogate pay for the byte comparison (a listing of 10,000 keys sorts ten times faster).
 */
const byteOrder = (a: string, b: string) =>
  SURROGATE.test(a) || SURROGATE.test(b) ? Buffer.compare(Buffer.from(a), Buffer.from(b)) : a < b ? -1 : a > b ? 1 : 0;

/** A listing walks at most this many keys for one page of a listing without a delimiter. */
const MAX_WALKED = 200_000;

/**
 * ListObjectsV2 of a bucket: keys in byte order after `after`, with `prefix`, folded at "/" when
 * the delimiter is "/" (folders are the explorer's folders, read through its cached listing). The
 * app's own `.cloudclip-` names and what lies outside a key's base path never show.
 */
export async function s3List(ctx: ModelContext, principal: Principal, bucket: string, query: S3ListQuery) {
  await s3Bucket(ctx, principal, bucket);
  if (query.delimiter && query.delimiter !== '/') throw new AppError('invalid', 's3DelimiterUnsupported');
  const folder = query.prefix.slice(0, query.prefix.lastIndexOf('/') + 1);
  const entries: { key: string; isFolder: boolean; size: number; etag: string | null; modified: Date | null }[] = [];
  // Folders to read, depth first; one level only with a delimiter.
  const pending = [folder];
  while (pending.length > 0 && entries.length < MAX_WALKED) {
    const dir = pending.pop()!;
    const listing = await listDirectory(ctx, principal, pathOf(bucket, dir.replace(/\/$/, '')), 'fs.view').catch(
      (error: unknown) => {
        // A prefix that names no folder lists nothing, as in S3.
        if (error instanceof AppError && error.kind === 'not_found') return null;
        throw error;
      },
    );
    for (const item of listing?.items ?? []) {
      const isFolder = !('isDirectory' in item) || item.isDirectory;
      const key = `${dir}${item.name}${isFolder ? '/' : ''}`;
      if (!key.startsWith(query.prefix) && !query.prefix.startsWith(key)) continue;
      if (isFolder && !query.delimiter) {
        pending.push(key);
        continue;
      }
      if (!key.startsWith(query.prefix)) continue;
      if ('isDirectory' in item && !item.isDirectory)
        entries.push({ key, isFolder, size: item.size, etag: item.etag, modified: item.modified });
      else entries.push({ key, isFolder: true, size: 0, etag: null, modified: null });
    }
  }
  const page = entries
    .filter((e) => byteOrder(e.key, query.after) > 0)
    .sort((a, b) => byteOrder(a.key, b.key))
    .slice(0, query.maxKeys + 1);
  const more = page.length > query.maxKeys;
  const shown = page.slice(0, query.maxKeys);
  return {
    objects: shown.filter((e) => !e.isFolder),
    prefixes: shown.filter((e) => e.isFolder).map((e) => e.key),
    next: more ? (shown.at(-1)?.key ?? null) : null,
  } satisfies S3Listed;
}
