import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isDeadInstance, PROCESS_INSTANCE } from '~/process-instance.server';
import { StorageError } from '../types';
import { renameInto } from './local-files.server';

/**
 * The local driver's temp files (its reserved temp folder, `tmpDir`): every write streams into one
 * and is renamed into place, so a failed or aborted write leaves nothing behind where the object goes.
 */

/**
 * Streams into a temp file, then renames: a failed or aborted write leaves nothing behind. With
 * `makeParent` false the target's folder must still exist (a part never recreates the folder of
 * an upload that was completed or aborted meanwhile). `md5`: hash the bytes (a part's ETag); a whole
 * object's ETag comes from its stat, so its write does not spend the CPU (issue 45's S3 PUT bench).
 */
export async function writeViaTemp(
  tmpDir: string,
  target: string,
  body: Readable,
  makeParent: boolean,
  md5: boolean,
): Promise<{ size: number; md5: string }> {
  await fsp.mkdir(tmpDir, { recursive: true });
  // Named for its writer, so the next process knows at once whether it is a leftover (sweepTempFiles).
  const tmp = path.join(tmpDir, `${PROCESS_INSTANCE}.${randomUUID()}`);
  const hash = md5 ? createHash('md5') : null;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      hash?.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, fs.createWriteStream(tmp, { flags: 'wx' }));
    if (makeParent) await renameInto(tmp, target);
    else await fsp.rename(tmp, target);
  } catch (error) {
    await fsp.rm(tmp, { force: true });
    if (!makeParent && (error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new StorageError('not_found', 'No such upload');
    throw error;
  }
  return { size, md5: hash?.digest('hex') ?? '' };
}

/**
 * Removes temp files a killed process left mid-write: at once when its name says its writer was
 * a process of this host that is gone (`isDeadInstance`), else once no write has touched it since
 * `before` (a live write keeps its file's modification time fresh). Returns how many went.
 */
export async function sweepTempFiles(tmpDir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await fsp.readdir(tmpDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    const writer = name.slice(0, name.lastIndexOf('.'));
    if (stat && (stat.mtime < before || isDeadInstance(writer))) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
