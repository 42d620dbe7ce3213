import type { ModelContext } from '~/models/context.server';

/** A write untouched this long is no longer running: its temp file is a leftover of a crash. */
const TEMP_FILE_AGE_MS = 60 * 60 * 1000;

/**
 * The sweeper's job for the storages whose writes go through a temp file (local disk, WebDAV,
 * SFTP: docs/architecture.md §5): the temp files a killed process left behind. A storage that
 * cannot be reached now is tried again at the next sweep.
 */
export async function sweepLocalTemp(
  ctx: ModelContext,
  now = Date.now(),
  /** At start-up only the local disk: a file server that does not answer must not hold the start. */
  remote = true,
): Promise<number> {
  const configs = await ctx.db.storageConfig.findMany({
    where: { storageType: remote ? { not: 's3' } : 'local' },
  });
  let removed = 0;
  for (const config of configs) {
    const driver = ctx.storage.driverFor(config);
    removed += (await driver.sweepTemp?.(new Date(now - TEMP_FILE_AGE_MS)).catch(() => 0)) ?? 0;
  }
  return removed;
}
