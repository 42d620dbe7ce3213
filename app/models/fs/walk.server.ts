import type { ObjectInfo, StorageDriver } from '~/storage/types';
import { isReservedName } from '~/lib/reserved-names';

/** One listing page of a walk: the folders (keys ending in "/") and objects directly in `folder`. */
export interface WalkPage {
  folder: string;
  folders: string[];
  objects: ObjectInfo[];
}

/**
 * Everything under a folder prefix ("" for a whole mount, else "a/b/"), one listing page at a
 * time, folder by folder (depth first): memory holds a page and the folders still to visit, never
 * the tree. Empty folders are reported too; the app's own names (".cloudclip-…") are skipped.
 */
export async function* walkTree(driver: StorageDriver, prefix: string): AsyncGenerator<WalkPage> {
  const pending = [prefix];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let cursor: string | undefined;
    do {
      const page = await driver.list(folder, { delimiter: '/', cursor });
      const own = (key: string) => !isReservedName(key.slice(folder.length).replace(/\/$/, ''));
      const folders = page.prefixes.filter(own);
      pending.push(...folders);
      yield { folder, folders, objects: page.objects.filter((o) => own(o.key)) };
      cursor = page.cursor;
    } while (cursor);
  }
}

/** Whether a folder exists at `key` (a created folder, or one holding objects); the mount root always does. */
export async function folderExists(driver: StorageDriver, key: string): Promise<boolean> {
  if (key === '') return true;
  if (driver.hasFolder) return driver.hasFolder(`${key}/`);
  const parent = key.includes('/') ? `${key.slice(0, key.lastIndexOf('/'))}/` : '';
  // An empty folder lists nothing under itself (its marker is not an object): look from its parent.
  let cursor: string | undefined;
  do {
    const page = await driver.list(parent, { delimiter: '/', cursor });
    if (page.prefixes.includes(`${key}/`)) return true;
    cursor = page.cursor;
  } while (cursor);
  return false;
}

/** Whether `key` is a folder: one holding something answers at once; an empty one is seen only from its parent. */
export async function isFolder(driver: StorageDriver, key: string): Promise<boolean> {
  // A mount's (or a shared folder's) root is a folder, empty or not: there is no "/" to list.
  // With hasFolder, one request answers for both kinds.
  if (key === '' || driver.hasFolder) return folderExists(driver, key);
  const inside = await driver.list(`${key}/`, { delimiter: '/', limit: 1 });
  return inside.objects.length > 0 || inside.prefixes.length > 0 || (await folderExists(driver, key));
}
