import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { basePathOf } from '~/models/mounts/mounts.server';
import { belowRange, isNavigable, isWithin } from '~/storage/vfs/path';

/**
 * Dead properties (RFC 4918 §4: what a client stores with PROPPATCH, such as Windows' file times),
 * kept per virtual path in `dav_properties` (docs/architecture.md §8). They follow their resource
 * through COPY, MOVE and DELETE.
 */
export type DeadProps = Map<string, unknown>;

/**
 * The dead properties of a folder and everything under it, in one query (a PROPFIND of a large
 * folder asks for each member's). Keyed by path.
 */
export async function deadPropsAround(
  ctx: ModelContext,
  principal: Principal,
  path: string,
): Promise<Map<string, DeadProps>> {
  authorize(principal, 'dav.read');
  if (!isNavigable(path, basePathOf(principal))) throw new AppError('forbidden', 'fsOutsideBasePath');
  const rows = await ctx.db.davProperty.findMany({ where: { OR: [{ path }, { path: belowRange(path) }] } });
  const byPath = new Map<string, DeadProps>();
  for (const row of rows) {
    if (!byPath.has(row.path)) byPath.set(row.path, new Map());
    byPath.get(row.path)!.set(row.name, JSON.parse(row.value));
  }
  return byPath;
}

/** Sets and removes properties of one path, all or none. */
export async function patchDeadProps(
  ctx: ModelContext,
  principal: Principal,
  path: string,
  instructions: ['set' | 'remove', string, unknown][],
): Promise<void> {
  authorize(principal, 'dav.manage');
  if (!isWithin(path, basePathOf(principal))) throw new AppError('forbidden', 'fsOutsideBasePath');
  await ctx.db.$transaction(
    instructions.map(([action, name, value]) =>
      action === 'set'
        ? ctx.db.davProperty.upsert({
            where: { path_name: { path, name } },
            create: { path, name, value: JSON.stringify(value) },
            update: { value: JSON.stringify(value) },
          })
        : ctx.db.davProperty.deleteMany({ where: { path, name } }),
    ),
  );
}

/** A resource went: its properties (and, for a folder, those of everything in it) go too. */
export async function dropDeadProps(ctx: ModelContext, path: string): Promise<void> {
  await ctx.db.davProperty.deleteMany({ where: { OR: [{ path }, { path: belowRange(path) }] } });
}

/** A resource was copied (`keep`) or moved: its own properties go with it. */
export async function carryDeadProps(ctx: ModelContext, from: string, to: string, keep: boolean): Promise<void> {
  const rows = await ctx.db.davProperty.findMany({ where: { path: from } });
  await ctx.db.$transaction([
    ctx.db.davProperty.deleteMany({ where: { path: to } }),
    ...rows.map((row) => ctx.db.davProperty.create({ data: { path: to, name: row.name, value: row.value } })),
    ...(keep ? [] : [ctx.db.davProperty.deleteMany({ where: { path: from } })]),
  ]);
}
