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

/**
 * What one resource may carry (issue 27 B3): every PROPFIND of its folder repeats its properties,
 * so a client cannot make each listing megabytes. Windows and macOS store a few short ones.
 */
export const MAX_DEAD_PROP_BYTES = 16 * 1024;
export const MAX_DEAD_PROPS_PER_PATH = 32;

/** Sets and removes properties of one path, all or none; too large or too many is a 413 (`davPropertyTooLarge`). */
export async function patchDeadProps(
  ctx: ModelContext,
  principal: Principal,
  path: string,
  instructions: ['set' | 'remove', string, unknown][],
): Promise<void> {
  authorize(principal, 'dav.manage');
  if (!isWithin(path, basePathOf(principal))) throw new AppError('forbidden', 'fsOutsideBasePath');
  const tooLarge = () => new AppError('too_large', 'davPropertyTooLarge', { max: MAX_DEAD_PROP_BYTES });
  const sets = instructions.filter(([action]) => action === 'set');
  if (sets.some(([, name, value]) => Buffer.byteLength(name + JSON.stringify(value)) > MAX_DEAD_PROP_BYTES))
    throw tooLarge();
  if (sets.length > 0) {
    const stored = new Set(
      (await ctx.db.davProperty.findMany({ where: { path }, select: { name: true } })).map((row) => row.name),
    );
    for (const [action, name] of instructions) {
      if (action === 'set') stored.add(name);
      else stored.delete(name);
    }
    if (stored.size > MAX_DEAD_PROPS_PER_PATH) throw tooLarge();
  }
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
