import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline, Transform, type Readable } from 'node:stream';
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

export function tooLarge(max: number): AppError {
  return new AppError('too_large', 'fileTooLarge', { max: formatBytes(max) });
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

/** Passes bytes through, failing the stream (with `error`) once more than `max` bytes have gone by. */
export function byteLimit(max: number, error: () => AppError = () => tooLarge(max)): Transform {
  let seen = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) return done(error());
      done(null, chunk);
    },
  });
  // A small body can pass the limit before the storage driver has started reading (it may await a
  // folder first): the error must not find the stream without a listener, which would end the
  // process. The driver still gets it: a stream destroyed with an error reports it to whoever reads.
  limit.on('error', () => undefined);
  return limit;
}

/**
 * `body` read through `limit`, as one stream. With `pipeline`, never `.pipe`: a body that failed
 * before this was called (a client gone while the door still checked its request) fails the result
 * too, where `.pipe` would wait for bytes that never come (issue 42, item 2; http/request-body.ts).
 */
export function through(body: Readable, limit: Transform): Readable {
  return pipeline(body, limit, () => undefined);
}
