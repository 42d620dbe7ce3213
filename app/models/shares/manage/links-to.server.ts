import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { locateEach } from '~/models/fs/locate.server';

/**
 * How many share links point at these mounted files or folders, or at something inside them — a
 * share of the file, of the folder or a folder in it, or a selection naming it (issue 42, item 6).
 * Rename, Move and Delete say so before they act: a rename or a move through Cloudclip takes the
 * links along (follow-moves.server.ts), a delete ends them. Paths the principal may not see count 0.
 *
 * The paths are located together and read one query per folder: the explorer asks about a selection
 * in one folder, and select all in a folder of 10,000 files asked 10,000 times (issue 46).
 */
/** The shares of mounted files at or below `parent` (a storage key ending in "/", or "") of a storage. */
function mountedSharesUnder(ctx: ModelContext, configId: string, parent: string) {
  return ctx.db.fileShare.findMany({
    where: { storageConfigId: configId, filePath: { not: null }, storagePath: { startsWith: parent } },
    select: { id: true, storagePath: true, items: true },
  });
}

export async function linksTo(ctx: ModelContext, principal: Principal, paths: string[]): Promise<number> {
  const folders = new Map<string, { configId: string; parent: string; names: Set<string> }>();
  for (const at of await locateEach(ctx, principal, paths, 'fs.view')) {
    if (at instanceof AppError || at.kind === 'virtual' || at.key === '') continue;
    const key = at.mount.rootFolder + at.key.replace(/\/$/, '');
    const parent = key.slice(0, key.lastIndexOf('/') + 1);
    const place = `${at.configId}\n${parent}`;
    const folder = folders.get(place) ?? { configId: at.configId, parent, names: new Set<string>() };
    folder.names.add(key.slice(parent.length));
    folders.set(place, folder);
  }
  const ids = new Set<string>();
  for (const { configId, parent, names } of folders.values()) {
    for (const row of await mountedSharesUnder(ctx, configId, parent)) {
      // Below the folder: the share's first segment there is one of the names (the name or inside it).
      const rest = row.storagePath.slice(parent.length);
      const inside = rest !== '' && names.has(rest.split('/')[0]!);
      // The folder itself: a selection share naming one of them.
      const named = rest === '' && row.items !== null && (JSON.parse(row.items) as string[]).some((n) => names.has(n));
      if (inside || named) ids.add(row.id);
    }
  }
  return ids.size;
}

/**
 * Mounted folder `dir` as its storage names it: the config and the key ending in "/" ("" for the
 * storage's root); null for a folder above the mounts or one the principal may not see.
 */
async function folderKeyOf(ctx: ModelContext, principal: Principal, dir: string) {
  const [at] = await locateEach(ctx, principal, [dir.endsWith('/') ? dir : `${dir}/`], 'fs.view');
  if (!at || at instanceof AppError || at.kind === 'virtual') return null;
  return { configId: at.configId, key: at.mount.rootFolder + at.key.replace(/\/?$/, '/').replace(/^\/$/, '') };
}

/**
 * The names in folder `dir` that a share link points at — the entry itself, or a selection share
 * naming it — for the explorer's "shared" badge (issue 47). Shares inside a sub-folder do not mark
 * the sub-folder: the badge says "this link shows exactly this".
 */
export async function sharedNamesIn(ctx: ModelContext, principal: Principal, dir: string): Promise<string[]> {
  const folder = await folderKeyOf(ctx, principal, dir);
  if (!folder) return [];
  const parent = folder.key;
  const names = new Set<string>();
  for (const row of await mountedSharesUnder(ctx, folder.configId, parent)) {
    const rest = row.storagePath.slice(parent.length).replace(/\/$/, '');
    if (rest !== '' && !rest.includes('/')) names.add(rest);
    if (rest === '' && row.items !== null)
      for (const name of JSON.parse(row.items) as string[]) names.add(name.replace(/\/$/, ''));
  }
  return [...names];
}

/**
 * How many share links show mounted folder `dir` to their visitors: a share of it or of a folder
 * above it, or a selection share naming the branch it is on. An upload request into such a folder
 * says so (issue 47): what arrives is visible through those links.
 */
export async function sharesShowing(ctx: ModelContext, principal: Principal, dir: string): Promise<number> {
  const folder = await folderKeyOf(ctx, principal, dir);
  if (!folder) return 0;
  const { key } = folder;
  // The folder and each folder above it, as storage keys ending in "/" ("" for the storage's root).
  const ancestors = [''];
  for (let end = key.indexOf('/'); end !== -1; end = key.indexOf('/', end + 1)) ancestors.push(key.slice(0, end + 1));
  const rows = await ctx.db.fileShare.findMany({
    where: { storageConfigId: folder.configId, filePath: { not: null }, storagePath: { in: ancestors } },
    select: { storagePath: true, items: true },
  });
  return rows.filter((row) => {
    // A folder's own share (only folders' keys end in "/").
    if (row.items === null) return true;
    const branch = key.slice(row.storagePath.length).split('/')[0]!;
    return branch !== '' && (JSON.parse(row.items) as string[]).some((name) => name.replace(/\/$/, '') === branch);
  }).length;
}
