import type { ModelContext } from '~/models/context.server';
import type { StorageMove } from '~/models/fs/moves.server';
import { apiStorageType } from '~/lib/storage-kinds';

/**
 * Shares of mounted files and folders follow them when they move through Cloudclip — a rename, a
 * move task, a WebDAV MOVE, by any door (issue 42, item 6): a share points at its object's storage
 * key, so a rename used to end its link while the share was listed as live. A selection share
 * whose folder keeps a renamed item follows the new name. A share made through another mount of
 * the same storage follows too, and then names the path through the mount that moved it.
 */
export async function followShares(ctx: ModelContext, move: StorageMove): Promise<void> {
  const { from, to } = move;
  const under = (key: string) => key === from.key || key.startsWith(`${from.key}/`);
  const candidates = await ctx.db.fileShare.findMany({
    where: {
      storageConfigId: from.configId,
      filePath: { not: null },
      OR: [{ storagePath: { startsWith: from.key } }, { storagePath: parentOf(from.key), items: { not: null } }],
    },
    select: { id: true, storagePath: true, filePath: true, items: true },
  });
  const config =
    to.configId === from.configId ? null : await ctx.db.storageConfig.findUnique({ where: { id: to.configId } });
  for (const row of candidates) {
    if (under(row.storagePath)) {
      const rest = row.storagePath.slice(from.key.length);
      await ctx.db.fileShare.update({
        where: { id: row.id },
        data: {
          storagePath: to.key + rest,
          // The path as it was written: a folder's with or without its "/".
          filePath: row.filePath?.endsWith('/') ? to.path + rest : (to.path + rest).replace(/(.)\/$/, '$1'),
          ...(config && {
            storageConfigId: config.id,
            storageType: apiStorageType(config.storageType),
          }),
        },
      });
    } else if (row.items !== null && renamedIn(row.storagePath, from.key, to.key) && !config) {
      // A selection in a folder: one of its names was renamed in place.
      const items = JSON.parse(row.items) as string[];
      const [was, now] = [nameIn(row.storagePath, from.key), nameIn(row.storagePath, to.key)];
      if (items.includes(was))
        await ctx.db.fileShare.update({
          where: { id: row.id },
          data: { items: JSON.stringify(items.map((item) => (item === was ? now : item))) },
        });
    }
  }
}

/** Whether `from` and `to` are both right inside the folder `folderKey` ("a/b/"). */
const renamedIn = (folderKey: string, from: string, to: string) =>
  [from, to].every((key) => key.startsWith(folderKey) && !key.slice(folderKey.length).includes('/'));
const parentOf = (key: string) => key.slice(0, key.lastIndexOf('/') + 1);
const nameIn = (folderKey: string, key: string) => key.slice(folderKey.length);
