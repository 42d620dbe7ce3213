import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import type { StorageConfig } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { SCHEDULED_BACKUP_NAME } from '~/lib/backup-schedule';
import type { ModelContext } from '~/models/context.server';
import type { StorageDriver } from '~/storage/types';
import { RESERVED } from '~/lib/reserved-names';
import { audit } from '~/models/audit/record.server';

/**
 * Where scheduled backups are kept (decision 0032 "Schedule"): `.cloudclip-backups/<folder>` of a
 * storage config. Like share objects (decision 0020), no mount lists, reads or writes a
 * `.cloudclip-` name, so a key with a mount over the whole bucket cannot read the database's copy.
 */
export const BACKUPS_PREFIX = RESERVED.backups;

export interface StoredBackup {
  name: string;
  size: number;
  at: Date | null;
}

export interface BackupPlace {
  config: StorageConfig;
  driver: StorageDriver;
  prefix: string;
  /** How many scheduled backups the folder keeps. */
  keep: number;
}

/** The schedule's storage and folder, or null while it has none (never saved, or its config deleted). */
export async function backupPlace(ctx: ModelContext): Promise<BackupPlace | null> {
  const schedule = await ctx.db.backupSchedule.findUnique({ where: { id: 1 } });
  if (!schedule?.storageConfigId) return null;
  const config = await ctx.db.storageConfig.findUnique({ where: { id: schedule.storageConfigId } });
  if (!config) return null;
  return {
    config,
    driver: ctx.storage.driverFor(config),
    prefix: BACKUPS_PREFIX + schedule.folder,
    keep: schedule.keep,
  };
}

/** The scheduled backups in a place, newest first (their names sort by time). */
export async function listBackups(place: Pick<BackupPlace, 'driver' | 'prefix'>): Promise<StoredBackup[]> {
  const found: StoredBackup[] = [];
  let cursor: string | undefined;
  do {
    const page = await place.driver.list(place.prefix, { delimiter: '/', cursor });
    for (const object of page.objects) {
      const name = object.key.slice(place.prefix.length);
      if (SCHEDULED_BACKUP_NAME.test(name)) found.push({ name, size: object.size, at: object.lastModified });
    }
    cursor = page.cursor;
  } while (cursor);
  return found.sort((a, b) => (a.name < b.name ? 1 : -1));
}

/** Removes all but the newest `keep` scheduled backups; only names the schedule gives are touched. */
export async function pruneBackups(place: BackupPlace, keep: number): Promise<number> {
  const old = (await listBackups(place)).slice(keep);
  await place.driver.remove(old.map((b) => place.prefix + b.name));
  return old.length;
}

/** Admin → Backups "Stored backups": the schedule's folder as it is now (an unreachable S3 says so). */
export async function storedBackups(ctx: ModelContext, principal: Principal) {
  authorize(principal, 'admin.backups');
  const place = await backupPlace(ctx);
  if (!place) return { storage: null, backups: [] };
  return { storage: place.config.name, backups: await listBackups(place) };
}

/** A stored backup's place and key: only a name the schedule gives, in its folder, there now. */
async function storedBackupAt(ctx: ModelContext, principal: Principal, name: string) {
  authorize(principal, 'admin.backups');
  const place = await backupPlace(ctx);
  if (!place || !SCHEDULED_BACKUP_NAME.test(name)) throw new AppError('not_found', 'backupNotFound');
  if (!(await place.driver.stat(place.prefix + name))) throw new AppError('not_found', 'backupNotFound');
  return { place, key: place.prefix + name };
}

/** One stored backup, to download. */
export async function openStoredBackup(ctx: ModelContext, principal: Principal, name: string) {
  const { place, key } = await storedBackupAt(ctx, principal, name);
  return place.driver.read(key);
}

/** Deletes one stored backup (Admin → Backups, after its confirmation); the others stay. */
export async function deleteStoredBackup(ctx: ModelContext, principal: Principal, name: string): Promise<void> {
  const { place, key } = await storedBackupAt(ctx, principal, name);
  await place.driver.remove([key]);
  audit(ctx, principal, { action: 'backup.delete', target: `${place.config.name}/${name}` });
}
