import type { ModelContext } from '~/models/context.server';
import { numberedName } from '~/lib/filename';
import { StorageError, type ObjectInfo, type StorageDriver } from '~/storage/types';
import { bundleMembers, driverOfShare, type ShareRow } from '../records.server';

/** How a bundle of uploads (create/bundles.server.ts) is visited: as one flat, read-only folder. */

const readOnly = () => Promise.reject(new StorageError('denied', 'A bundle of uploads is read-only'));

/**
 * A bundle seen as one flat folder (the folder share's gate and pages read it like any driver):
 * each member under its file name, numbered when two share one, its bytes read from its own
 * storage. Nothing but those names can be named; nothing can be written.
 */
export async function bundleDriver(ctx: ModelContext, bundle: ShareRow): Promise<StorageDriver> {
  const byName = new Map<string, ShareRow>();
  for (const member of await bundleMembers(ctx, bundle)) {
    let n = 1;
    while (byName.has(numberedName(member.filename, n))) n++;
    byName.set(numberedName(member.filename, n), member);
  }
  const info = (name: string, member: ShareRow): ObjectInfo => ({
    key: name,
    size: Number(member.size),
    lastModified: member.createdAt,
    etag: member.etag,
    contentType: member.mimetype,
  });
  const member = (key: string) => {
    const found = byName.get(key);
    if (!found) throw new StorageError('not_found', `No ${key} in this bundle`);
    return found;
  };
  const base = driverOfShare(ctx, bundle);
  return {
    type: base.type,
    capabilities: base.capabilities,
    stat: async (key) => {
      const found = byName.get(key);
      return found ? info(key, found) : null;
    },
    list: async (prefix) => ({
      objects: prefix === '' ? [...byName].map(([name, m]) => info(name, m)) : [],
      prefixes: [],
    }),
    read: async (key, range) => {
      const found = member(key);
      return driverOfShare(ctx, found).read(found.storagePath, range);
    },
    presignGet: async (key, options) => {
      const found = member(key);
      return driverOfShare(ctx, found).presignGet(found.storagePath, options);
    },
    write: readOnly,
    remove: readOnly,
    copy: readOnly,
    move: readOnly,
    createFolder: readOnly,
    removePrefix: readOnly,
    presignPut: readOnly,
    multipartInit: readOnly,
    multipartSignParts: readOnly,
    multipartWritePart: readOnly,
    multipartComplete: readOnly,
    multipartAbort: readOnly,
    multipartListParts: readOnly,
    staleUploads: async () => [],
  };
}
