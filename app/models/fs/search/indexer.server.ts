import type { ModelContext } from '~/models/context.server';
import { rescanMount } from './indexing.server';
import { storageOf } from '../locate.server';
import { repeatEvery } from '~/models/periodic.server';

/** Each active mount is rescanned about this often (changes made behind the app's back show up). */
const RESCAN_EVERY_MS = 60 * 60 * 1000;
const CHECK_EVERY_MS = 5 * 60 * 1000;

/** One pass: rescans, one after the other, the active mounts whose last rescan is old or missing. */
export async function rescanDueMounts(ctx: ModelContext, now = Date.now()): Promise<number> {
  const runs = new Map((await ctx.searchIndex.runs()).map((r) => [r.mountId, r]));
  const mounts = await ctx.db.mount.findMany({ where: { isActive: true } });
  let scanned = 0;
  for (const mount of mounts) {
    const last = runs.get(mount.id);
    if (last && (last.status === 'running' || now - last.updatedAt.getTime() < RESCAN_EVERY_MS)) continue;
    try {
      const { driver } = await storageOf(ctx, mount);
      if (await rescanMount(ctx, mount.id, driver)) scanned++;
    } catch (error) {
      ctx.log.warn({ err: error }, `Index rescan of mount ${mount.id} skipped`);
    }
  }
  return scanned;
}

/**
 * The periodic rescan (docs/architecture.md §9): a first pass soon after start (mounts that were
 * never indexed become searchable), then a check every few minutes. Never keeps the process alive.
 */
export function startIndexer(ctx: ModelContext): { stop: () => void } {
  const pass = () => rescanDueMounts(ctx).catch((error) => ctx.log.error({ err: error }, 'Index rescans failed'));
  return repeatEvery(pass, 10_000, CHECK_EVERY_MS);
}
