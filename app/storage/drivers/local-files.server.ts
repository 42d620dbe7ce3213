import { hash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

// File-system steps of the local driver (local.server.ts) that need nothing of the driver itself.

/**
 * ETag of a file: stable while the file is unchanged (size and modification time). It is not the
 * content's MD5, so it must not look like one: S3 clients (rclone) take a bare 32-digit ETag for the
 * MD5 of the bytes and call the copy corrupted (docs/s3.md §5). The "-" marks it, as S3 marks the
 * ETags of multipart objects, as something else.
 */
export function etagOf(stat: fs.Stats): string {
  return `${hash('md5', `${stat.size}:${stat.mtimeMs}`).slice(0, 24)}-${stat.size.toString(36)}`;
}

/**
 * Renames `source` to `target`, making the target's folder first. A removal elsewhere may prune
 * that folder between the two steps (folders exist only through their objects): then the folder
 * is made again, a few times, instead of failing a write that did nothing wrong.
 */
export async function renameInto(source: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      return await fsp.rename(source, target);
    } catch (error) {
      const parentGone = (error as NodeJS.ErrnoException).code === 'ENOENT' && fs.existsSync(source);
      if (!parentGone || attempt >= 5) throw error;
    }
  }
}

/** How many files a listing stats at once. */
const STAT_WINDOW = 64;

/**
 * The stats of these files under `root`, in order (null for one that is gone). A window of stat()
 * calls at once keeps libuv's threads busy: one at a time, a folder of 10,000 files took 250 ms to
 * stat here, 64 at a time 70 ms (bench/webdav.bench.mjs lists one).
 */
export async function statFiles(root: string, keys: string[]): Promise<(fs.Stats | null)[]> {
  const stats: (fs.Stats | null)[] = [];
  for (let from = 0; from < keys.length; from += STAT_WINDOW) {
    const window = keys.slice(from, from + STAT_WINDOW);
    stats.push(...(await Promise.all(window.map((key) => fsp.stat(path.join(root, key)).catch(() => null)))));
  }
  return stats;
}
