import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { scheduledBackupName } from '~/lib/backup-schedule';
import { AppError } from '~/lib/errors';
import { normalizeRootFolder } from '~/lib/schemas/mounts';
import type { ModelContext } from '~/models/context.server';
import { backUp, type BackupManifest, type BackupProgress } from './backup.server';
import { BACKUPS_PREFIX, listBackups, type BackupPlace } from './stored.server';

/**
 * A backup written to a storage config (decision 0032 "Schedule"): made in a work folder of the
 * data folder — a tar is streamed, its manifest last, so it is whole only at the end — then
 * written to `.cloudclip-backups/<folder>/` of the storage, with its size known (S3: in parts).
 * The scheduled task and `npm run backup -- storage:<name>/<folder>` both come here.
 */

export type ToStorageProgress = { phase: BackupProgress['phase'] | 'upload'; bytes: number };

/**
 * A name from now, later than every backup in the folder: two runs within a second never
 * overwrite, and the newest is always last by name, even after an older one was deleted (a second
 * bumped past a taken name would otherwise come before a new backup's).
 */
async function freeName(place: Pick<BackupPlace, 'driver' | 'prefix'>): Promise<string> {
  const newest = (await listBackups(place))[0]?.name;
  for (let at = Date.now(); ; at += 1000) {
    const name = scheduledBackupName(new Date(at));
    if (newest === undefined || name > newest) return name;
  }
}

/** Makes the backup in `workDir` and writes it to the place; the caller owns `workDir` and removes it. */
export async function writeBackupTo(
  ctx: ModelContext,
  place: Pick<BackupPlace, 'driver' | 'prefix'>,
  options: {
    passphrase: string | undefined;
    workDir: string;
    signal?: AbortSignal;
    onProgress?: (p: ToStorageProgress) => void;
  },
): Promise<{ name: string; size: number; manifest: BackupManifest }> {
  await fsp.mkdir(options.workDir, { recursive: true });
  const name = await freeName(place);
  const file = path.join(options.workDir, name);
  const manifest = await backUp(ctx, {
    target: file,
    passphrase: options.passphrase,
    signal: options.signal,
    scratchDir: options.workDir,
    onProgress: options.onProgress,
  });
  const { size } = await fsp.stat(file);
  options.onProgress?.({ phase: 'upload', bytes: size });
  options.signal?.throwIfAborted();
  await place.driver.write(place.prefix + name, createReadStream(file), { size, contentType: 'application/gzip' });
  return { name, size, manifest };
}

/**
 * `npm run backup -- storage:<config name>/<folder>`: a backup into a storage config by name (or
 * id), in a work folder of its own that it removes. Returns where it went.
 */
export async function backUpToStorage(
  ctx: ModelContext,
  target: string,
  options: { passphrase: string | undefined; onProgress?: (p: ToStorageProgress) => void },
) {
  const [configName = '', ...rest] = target.replace(/^storage:/, '').split('/');
  const folder = normalizeRootFolder(rest.join('/'));
  if (folder === null) throw new AppError('invalid', 'backupFolderInvalid');
  const config =
    (await ctx.db.storageConfig.findFirst({ where: { name: configName } })) ??
    (await ctx.db.storageConfig.findUnique({ where: { id: configName } }));
  if (!config) throw new AppError('not_found', 'backupStorageUnknown', { name: configName });
  const place = { driver: ctx.storage.driverFor(config), prefix: BACKUPS_PREFIX + folder };
  const workDir = path.join(ctx.config.dataDir, `.backup-${randomUUID()}`);
  try {
    const made = await writeBackupTo(ctx, place, { ...options, workDir });
    return { ...made, storage: config.name, key: place.prefix + made.name };
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}
