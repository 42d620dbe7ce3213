import type { ModelContext } from './context.server';

/** `last_used` moves at most once a minute: a listing or a download is not a database write each time. */
const MARK_EVERY_MS = 60_000;

/**
 * Marks something used (a mount on fs and WebDAV use, docs/product/api.md §2.10; a storage on share
 * uploads and downloads) without holding up or failing the operation: a busy database only skips
 * the mark. `write` sets `last_used` to the time it is given.
 */
export function markUsed(
  ctx: ModelContext,
  what: string,
  lastUsedAt: Date | null,
  write: (now: Date) => Promise<unknown>,
): void {
  const now = new Date();
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < MARK_EVERY_MS) return;
  void write(now).catch((error: unknown) => ctx.log.warn({ err: error }, `Could not mark ${what} used`));
}
