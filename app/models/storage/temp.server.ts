import type { ModelContext } from '~/models/context.server';
import { LocalDriver } from '~/storage/drivers/local.server';

/** A write untouched this long is no longer running: its temp file is a leftover of a crash. */
const TEMP_FILE_AGE_MS = 60 * 60 * 1000;

/**
 * The sweeper's job for local storage: temp files a killed process left behind in each local
 * config's folder (docs/architecture.md §5: writes go to a temp file and are renamed into place).
 */
export async function sweepLocalTemp(ctx: ModelContext, now = Date.now()): Promise<number> {
  const configs = await ctx.db.storageConfig.findMany({ where: { storageType: 'local' } });
  let removed = 0;
  for (const config of configs) {
    const driver = ctx.storage.driverFor(config);
    if (driver instanceof LocalDriver) removed += await driver.sweepTemp(new Date(now - TEMP_FILE_AGE_MS));
  }
  return removed;
}
