import fsp from 'node:fs/promises';
import path from 'node:path';
import type { StorageConfig } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { formatBytes } from '~/lib/format';
import { getSetting } from '~/models/settings/settings.server';
import { usedBytes } from './configs.server';
import type { ModelContext } from '~/models/context.server';

const MB = 1024 * 1024;

/** The global max upload size (setting in MB; 100 MB when unset or invalid). */
export async function maxUploadBytes(ctx: ModelContext): Promise<number> {
  const value = Number.parseInt((await getSetting(ctx, 'max_upload_size')) ?? '', 10);
  return (Number.isFinite(value) && value > 0 ? value : 100) * MB;
}

/**
 * Refuses an upload that will not fit (docs/product/spec.md §8 "insufficient storage, showing file size, remaining
 * space and total capacity"): the config's quota for S3, the free disk space for local storage.
 */
export async function assertFits(
  ctx: ModelContext,
  config: StorageConfig,
  dataDir: string,
  size: number,
): Promise<void> {
  let total: number | null = null;
  let remaining: number | null = null;
  if (config.totalStorageBytes !== null && config.totalStorageBytes > 0n) {
    total = Number(config.totalStorageBytes);
    remaining = Math.max(0, total - (await usedBytes(ctx, config.id)));
  } else if (config.storageType === 'local') {
    const root = path.resolve(dataDir, config.rootPath || 'storage');
    await fsp.mkdir(root, { recursive: true });
    const stats = await fsp.statfs(root);
    total = stats.blocks * stats.bsize;
    remaining = stats.bavail * stats.bsize;
  }
  if (remaining !== null && size > remaining) {
    throw new AppError('insufficient_storage', 'insufficientStorage', {
      size: formatBytes(size),
      remaining: formatBytes(remaining),
      total: formatBytes(total ?? 0),
    });
  }
}
