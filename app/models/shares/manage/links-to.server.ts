import type { Principal } from '~/auth/principal';
import type { ModelContext } from '~/models/context.server';
import { locate } from '~/models/fs/locate.server';

/**
 * How many share links point at these mounted files or folders, or at something inside them — a
 * share of the file, of the folder or a folder in it, or a selection naming it (issue 42, item 6).
 * Rename, Move and Delete say so before they act: a rename or a move through Cloudclip takes the
 * links along (follow-moves.server.ts), a delete ends them. Paths the principal may not see count 0.
 */
export async function linksTo(ctx: ModelContext, principal: Principal, paths: string[]): Promise<number> {
  const ids = new Set<string>();
  for (const raw of paths) {
    const at = await locate(ctx, principal, raw, 'fs.view').catch(() => null);
    if (!at || at.kind === 'virtual' || at.key === '') continue;
    const key = at.mount.rootFolder + at.key.replace(/\/$/, '');
    const parent = key.slice(0, key.lastIndexOf('/') + 1);
    const name = key.slice(parent.length);
    const rows = await ctx.db.fileShare.findMany({
      where: {
        storageConfigId: at.configId,
        filePath: { not: null },
        OR: [{ storagePath: { startsWith: key } }, { storagePath: parent, items: { not: null } }],
      },
      select: { id: true, storagePath: true, items: true },
    });
    for (const row of rows) {
      const inside = row.storagePath === key || row.storagePath.startsWith(`${key}/`);
      const named =
        row.storagePath === parent && row.items !== null && (JSON.parse(row.items) as string[]).includes(name);
      if (inside || named) ids.add(row.id);
    }
  }
  return ids.size;
}
