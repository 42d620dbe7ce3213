import { hash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * Where generated thumbnails are kept: `<DATA_DIR>/thumbnails/<owner>-<version>[.i<size>].webp`
 * (engine.server.ts), on the server's own disk rather than beside the objects in their storage
 * (decision 0043). Owners: a share's id, `<share id>~<place>` for a file inside a folder share (the
 * place: a hash of its path), and for a file of the explorer `fs/<mount>/<segments>` — each segment
 * of its key hashed, so a folder's thumbnails are one folder here, removed with it.
 */
export function thumbnailDir(dataDir: string): string {
  return path.join(dataDir, 'thumbnails');
}

/** The cache's bounds: past either, the least recently made thumbnails go, down to 90 %. */
export const CACHE_LIMITS = { files: 50_000, bytes: 1024 * 1024 * 1024 };
/** The cache is measured again after this many new thumbnails. */
const TRIM_EVERY = 200;

/** The owner part of a cached name: what comes before its last "-". */
function ownerOf(name: string): string {
  const dash = name.lastIndexOf('-');
  return dash > 0 ? name.slice(0, dash) : '';
}

async function cachedNames(dataDir: string): Promise<string[]> {
  try {
    return (await fsp.readdir(thumbnailDir(dataDir), { withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Removes the cached thumbnails (and markers) whose owner `matches`. */
async function removeWhere(dataDir: string, matches: (owner: string) => boolean): Promise<void> {
  const names = await cachedNames(dataDir);
  await Promise.all(
    names
      .filter((name) => matches(ownerOf(name)))
      .map((name) => fsp.rm(path.join(thumbnailDir(dataDir), name), { force: true })),
  );
}

/** Removes the cached thumbnails of these shares (and of the files inside them), e.g. after they were deleted. */
export async function removeThumbnails(dataDir: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const wanted = new Set(ids.map((id) => id.replace(/[^A-Za-z0-9_-]/g, '')));
  await removeWhere(dataDir, (owner) => wanted.has(owner.split('~')[0]!));
}

const segmentHash = (segment: string) => hash('sha256', segment).slice(0, 16);

/** The owner of an explorer file's thumbnails: its mount, then its key's segments, hashed. */
export function fsThumbnailOwner(mountId: string, key: string): string {
  const segments = key.split('/').filter(Boolean).map(segmentHash);
  return ['fs', mountId.replace(/[^A-Za-z0-9_-]/g, ''), ...segments].join('/');
}

/**
 * Removes the thumbnails of a key of a mount, after it was deleted, moved or written again: a file's
 * own, and everything under it when it was a folder.
 */
export async function removeFsThumbnails(dataDir: string, mountId: string, key: string): Promise<void> {
  const owner = path.join(thumbnailDir(dataDir), fsThumbnailOwner(mountId, key));
  await fsp.rm(owner, { recursive: true, force: true });
  const folder = path.dirname(owner);
  const prefix = `${path.basename(owner)}-`;
  let names: string[];
  try {
    names = await fsp.readdir(folder);
  } catch {
    return;
  }
  await Promise.all(
    names.filter((name) => name.startsWith(prefix)).map((name) => fsp.rm(path.join(folder, name), { force: true })),
  );
}

/**
 * Keeps the cache within `limits`: when it holds more files or bytes, the oldest thumbnails go
 * (by the time they were made) until it is at 90 % of both. Answers how many went.
 */
export async function trimThumbnails(dataDir: string, limits = CACHE_LIMITS): Promise<number> {
  const dir = thumbnailDir(dataDir);
  let entries: { name: string; parentPath: string; isFile: () => boolean }[];
  try {
    entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return 0;
  }
  const work = path.join(dir, 'work');
  const names = entries
    .filter((entry) => entry.isFile() && entry.parentPath !== work)
    .map((entry) => path.join(entry.parentPath, entry.name));
  const files = (
    await Promise.all(
      names.map(async (name) => {
        try {
          const stat = await fsp.stat(name);
          return { name, bytes: stat.size, made: stat.mtimeMs };
        } catch {
          return null; // removed meanwhile
        }
      }),
    )
  ).filter((file) => file !== null);
  let bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  let count = files.length;
  if (count <= limits.files && bytes <= limits.bytes) return 0;
  files.sort((a, b) => a.made - b.made);
  let removed = 0;
  for (const file of files) {
    if (count <= limits.files * 0.9 && bytes <= limits.bytes * 0.9) break;
    await fsp.rm(file.name, { force: true });
    count--;
    bytes -= file.bytes;
    removed++;
  }
  return removed;
}

let made = 0;
let trimming: Promise<unknown> | null = null;

/** Counts a thumbnail just cached; every TRIM_EVERY, trims the cache (in the background, one at a time). */
export function noteCached(dataDir: string, log: Pick<Logger, 'error'>): void {
  if (++made % TRIM_EVERY !== 0 || trimming) return;
  trimming = trimThumbnails(dataDir)
    .catch((error: unknown) => log.error({ err: error }, 'Trimming the thumbnail cache failed'))
    .finally(() => (trimming = null));
}
