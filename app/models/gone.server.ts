import type { ModelContext } from '~/models/context.server';

export type ShareKind = 'paste' | 'file';
const KEEP_DAYS = 30;

/** Remembers that a share expired or used up its views, so its link answers 410, not 404. */
export function markGone(ctx: ModelContext, kind: ShareKind, slug: string) {
  const { db } = ctx;
  return db.goneShare.upsert({
    where: { kind_slug: { kind, slug } },
    create: { kind, slug },
    update: { goneAt: new Date() },
  });
}

export async function isGone(ctx: ModelContext, kind: ShareKind, slug: string): Promise<boolean> {
  const { db } = ctx;
  return (await db.goneShare.count({ where: { kind, slug } })) > 0;
}

/** A slug taken again by a new share is no longer "gone". */
export async function forgetGone(ctx: ModelContext, kind: ShareKind, slug: string): Promise<void> {
  const { db } = ctx;
  await db.goneShare.deleteMany({ where: { kind, slug } });
}

export async function pruneGone(ctx: ModelContext): Promise<number> {
  const { db } = ctx;
  const before = new Date(Date.now() - KEEP_DAYS * 24 * 60 * 60 * 1000);
  return (await db.goneShare.deleteMany({ where: { goneAt: { lt: before } } })).count;
}
