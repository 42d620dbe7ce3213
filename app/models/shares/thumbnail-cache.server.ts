import fsp from 'node:fs/promises';
import path from 'node:path';

/** Where generated thumbnails are kept: `<DATA_DIR>/thumbnails/<fileId>-<etag or size>.webp`. */
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
        const dash = name.lastIndexOf('-');
        return dash > 0 && wanted.has(name.slice(0, dash));
      })
      .map((name) => fsp.rm(path.join(thumbnailDir(dataDir), name), { force: true })),
  );
}
