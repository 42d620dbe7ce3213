import type { ListOptions, StorageDriver } from '../types';

/**
 * A storage driver seen from a folder inside it (a mount's root folder, issue 27): every key the
 * caller names is under `root`, and every key it gets back is relative to it. Nothing outside
 * `root` can be named — keys are checked by segment by the driver below (no "..") — so a mount
 * whose root is "team/" cannot reach "other/" or the app's share objects (docs/architecture.md §5).
 */
export function rootedDriver(driver: StorageDriver, root: string, confine = ''): StorageDriver {
  // On disk too: a link below the root (or below `confine`, a folder under it) that leads out of
  // it is not followed (issue 42, item 12).
  if (root + confine !== '') driver = driver.confinedTo?.(root + confine) ?? driver;
  if (root === '') return driver;
  const inner = (key: string) => root + key;
  const outer = (key: string) => key.slice(root.length);
  return {
    type: driver.type,
    capabilities: driver.capabilities,
    stat: async (key) => {
      const info = await driver.stat(inner(key));
      return info && { ...info, key };
    },
    list: async (prefix: string, options?: ListOptions) => {
      const page = await driver.list(inner(prefix), options);
      return {
        objects: page.objects.map((o) => ({ ...o, key: outer(o.key) })),
        prefixes: page.prefixes.map(outer),
        cursor: page.cursor,
      };
    },
    read: (key, range) => driver.read(inner(key), range),
    write: (key, body, options) => driver.write(inner(key), body, options),
    remove: (keys) => driver.remove(keys.map(inner)),
    copy: (from, to) => driver.copy(inner(from), inner(to)),
    move: (from, to) => driver.move(inner(from), inner(to)),
    createFolder: (prefix) => driver.createFolder(inner(prefix)),
    ...(driver.hasFolder && { hasFolder: (prefix: string) => driver.hasFolder!(inner(prefix)) }),
    removePrefix: (prefix) => driver.removePrefix(inner(prefix)),
    presignGet: (key, options) => driver.presignGet(inner(key), options),
    presignPut: (key, options) => driver.presignPut(inner(key), options),
    multipartInit: (key, options) => driver.multipartInit(inner(key), options),
    multipartSignParts: (key, uploadId, parts, expiresIn, options) =>
      driver.multipartSignParts(inner(key), uploadId, parts, expiresIn, options),
    multipartWritePart: (key, uploadId, partNumber, body, size) =>
      driver.multipartWritePart(inner(key), uploadId, partNumber, body, size),
    multipartComplete: (key, uploadId, parts) => driver.multipartComplete(inner(key), uploadId, parts),
    multipartAbort: (key, uploadId) => driver.multipartAbort(inner(key), uploadId),
    multipartListParts: (key, uploadId) => driver.multipartListParts(inner(key), uploadId),
    staleUploads: async (before, prefix = '') =>
      (await driver.staleUploads(before, inner(prefix)))
        .filter((u) => u.key.startsWith(root))
        .map((u) => ({ ...u, key: outer(u.key) })),
  };
}
