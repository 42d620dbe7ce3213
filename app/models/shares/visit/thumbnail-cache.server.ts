import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Where generated thumbnails are kept: `<DATA_DIR>/thumbnails/<fileId>-<etag or size>.webp`, and
 * `<shareId>~<place>-<etag or size>.webp` for files inside folder shares (thumbnails.server.ts).
 */
export function thumbnailDir(dataDir: string): string {
  return path.join(dataDir, 'thumbnails');
}

/** Removes the cached thumbnails (and markers) of these shares, e.g. after they were deleted. */
export async function removeThumbnails(dataDir: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const wanted = new Set(ids.map((id) => id.replace(/[^A-Za-z0-9_-]/g, '')));
  let names: string[];
  try {
    names = await fsp.readdir(thumbnailDir(dataDir));
  } catch {
    return;
  }
  await Promise.all(
    names
      .filter((name) => {
        // "<share id>-<version>", or "<share id>~<place>-<version>" for a file inside a folder share.
        const dash = name.lastIndexOf('-');
        const owner = dash > 0 ? name.slice(0, dash).split('~')[0]! : '';
        return wanted.has(owner);
      })
      .map((name) => fsp.rm(path.join(thumbnailDir(dataDir), name), { force: true })),
  );
}
