import type { Readable } from 'node:stream';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import type { ObjectInfo, StorageDriver } from '~/storage/types';
import { locateEach } from './locate.server';
import { folderExists, walkTree } from './walk.server';

/**
 * The download basket's zip (docs/architecture.md §10): what goes into it, planned before the first
 * byte so the door can send an exact Content-Length. Files are opened one at a time, only when the
 * zip writer reaches them (docs/decisions/0011-streamed-zip.md).
 */
export interface ArchiveEntry {
  /** Path inside the zip; a folder's ends in "/". */
  name: string;
  size: number;
  modified: Date | null;
  /** Absent for folders. */
  open?: () => Promise<Readable>;
}

/** Paths one request may name (each may be a folder holding any number of files). */
export const MAX_ARCHIVE_PATHS = 10_000;

const baseName = (path: string) => path.replace(/\/+$/, '').split('/').pop() || 'root';

/** "a.txt" taken → "a (2).txt", "a (3).txt"…: two selected items of one name both go in. */
function unique(name: string, taken: Set<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) if (!taken.has(`${stem} (${n})${ext}`)) return `${stem} (${n})${ext}`;
}

const opener = (driver: StorageDriver, key: string) => async () => (await driver.read(key)).stream;

/**
 * Adds the file or folder at `key` of `driver` to a zip's plan as `top` (a folder with everything
 * under it, walked a page at a time): `info` is the file's, null for a folder. Answers false when
 * there is no such folder. Used by the basket and by folder shares (folder-access.server.ts).
 */
export async function addToArchive(
  entries: ArchiveEntry[],
  driver: StorageDriver,
  key: string,
  top: string,
  info: ObjectInfo | null,
): Promise<boolean> {
  if (info) {
    entries.push({ name: top, size: info.size, modified: info.lastModified, open: opener(driver, key) });
    return true;
  }
  const prefix = key ? `${key}/` : '';
  let found = key === '';
  const at = entries.push({ name: `${top}/`, size: 0, modified: null }) - 1;
  for await (const page of walkTree(driver, prefix)) {
    for (const folder of page.folders)
      entries.push({ name: `${top}/${folder.slice(prefix.length)}`, size: 0, modified: null });
    for (const o of page.objects)
      entries.push({
        name: `${top}/${o.key.slice(prefix.length)}`,
        size: o.size,
        modified: o.lastModified,
        open: opener(driver, o.key),
      });
    found ||= page.folders.length > 0 || page.objects.length > 0;
  }
  // An empty folder lists nothing under itself: it exists when its parent lists it.
  if (found || (await folderExists(driver, key))) return true;
  entries.splice(at, 1);
  return false;
}

/**
 * Plans the zip of files and folders (a folder with everything under it) from any mounts the
 * principal may view. Every path is checked before anything is listed: one outside the base path
 * refuses the request.
 */
export async function planArchive(
  ctx: ModelContext,
  principal: Principal,
  paths: string[],
): Promise<{ entries: ArchiveEntry[]; filename: string }> {
  authorize(principal, 'fs.view');
  if (paths.length === 0) throw new AppError('invalid', 'fsPathsRequired');
  if (paths.length > MAX_ARCHIVE_PATHS)
    throw new AppError('invalid', 'archiveTooManyPaths', { max: MAX_ARCHIVE_PATHS });
  const located = [];
  for (const at of await locateEach(ctx, principal, paths, 'fs.view')) {
    if (at instanceof AppError) throw at;
    if (at.kind === 'virtual') throw new AppError('invalid', 'archiveVirtualFolder');
    located.push(at);
  }
  const entries: ArchiveEntry[] = [];
  const taken = new Set<string>();
  for (const at of located) {
    const top = unique(baseName(at.path.path), taken);
    taken.add(top);
    const info = at.key && !at.path.isDirectory ? await at.driver.stat(at.key) : null;
    if (!(await addToArchive(entries, at.driver, at.key, top, info))) throw new AppError('not_found', 'fsNotFound');
  }
  const filename =
    paths.length === 1 ? `${baseName(paths[0]!)}.zip` : `cloudclip-${new Date().toISOString().slice(0, 10)}.zip`;
  return { entries, filename };
}
