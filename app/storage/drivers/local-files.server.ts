import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

// File-system steps of the local driver (local.server.ts) that need nothing of the driver itself.

/** ETag of a file: stable while the file is unchanged (size and modification time). */
export function etagOf(stat: fs.Stats): string {
  return createHash('md5').update(`${stat.size}:${stat.mtimeMs}`).digest('hex');
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
