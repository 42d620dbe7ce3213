import { randomUUID } from 'node:crypto';
import { audited } from '~/models/audit/record.server';
import type { Principal } from '~/auth/principal';
import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '~/lib/errors';
import { APP_VERSION } from '~/lib/version';
import type { ModelContext } from '~/models/context.server';
import { ArchiveWriter, KEY_NAME, MANIFEST_NAME, type ArchiveEntry } from './archive.server';
import { SHARE_OBJECTS_SQL, sortObjects, type ShareObject } from './listing.server';
import { dumpPostgres } from './postgres-dump.server';
import { assertPassphrase, sealKey } from './secret-box.server';
import { BACKUPS_PREFIX } from './stored.server';
import { RESERVED } from '~/lib/reserved-names';

/**
 * `npm run backup` (docs/deploy.md "Backups"): a consistent backup while the app serves. The
 * database comes from SQLite's online backup API (a snapshot other connections keep writing past),
 * or from PostgreSQL's rows in one snapshot (postgres-dump.server.ts); then the secret key sealed
 * with the passphrase, then every file of the embedded local storage. Objects on S3 (and on local
 * storage outside the data folder) are listed, not copied, from the same snapshot: copying a bucket
 * is the bucket's job. The archive is written beside its target and renamed into place once whole,
 * so a failed backup leaves nothing behind.
 */

export const BACKUP_FORMAT = 'cloudclip-backup';
export const BACKUP_VERSION = 1;

/**
 * Folders of the local driver's own work in progress (storage/drivers/local.server.ts), and the
 * scheduled backups when the embedded storage holds them (schedule.server.ts): never backed up.
 */
const SKIPPED = new Set([RESERVED.localTemp, RESERVED.localMultipart, BACKUPS_PREFIX.slice(0, -1)]);

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  appVersion: string;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** PostgreSQL: the migrations of the snapshot (a restore migrates to them before the rows go in). */
  migrations?: string[];
  entries: ArchiveEntry[];
  /** Share objects the backup lists but does not hold (S3, local storage outside the data folder). */
  listedObjects: number;
  /** Share objects of the embedded storage the snapshot names but the storage no longer had. */
  missing: string[];
}

export type BackupProgress = { phase: 'database' | 'key' | 'storage' | 'listing'; entries: number; bytes: number };

async function* filesUnder(root: string, prefix = ''): AsyncGenerator<string> {
  let dir;
  try {
    dir = await fsp.opendir(path.join(root, prefix));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of dir) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!prefix && SKIPPED.has(entry.name)) continue;
    if (entry.isDirectory()) yield* filesUnder(root, rel);
    else if (entry.isFile()) yield rel;
  }
}

/** The share objects a SQLite snapshot names (listing.server.ts). */
function snapshotObjects(snapshot: string): ShareObject[] {
  const db = new Database(snapshot, { readonly: true });
  try {
    return db.prepare(SHARE_OBJECTS_SQL).all() as ShareObject[];
  } finally {
    db.close();
  }
}

/** The database into the archive: SQLite's online backup, or PostgreSQL's rows (postgres-dump.server.ts). */
async function addDatabase(ctx: ModelContext, writer: ArchiveWriter, scratch: string) {
  if (ctx.pg) return { database: 'postgres' as const, ...(await dumpPostgres(ctx.pg, writer, scratch)) };
  const snapshot = path.join(scratch, 'cloudclip.db');
  await ctx.sql!.backup(snapshot);
  const { size } = await fsp.stat(snapshot);
  await writer.add('database/cloudclip.db', size, createReadStream(snapshot));
  return { database: 'sqlite' as const, migrations: undefined, objects: snapshotObjects(snapshot) };
}

export interface BackupOptions {
  target: string;
  passphrase: string | undefined;
  onProgress?: (progress: BackupProgress) => void;
  /** Who asked, for the audit log: an admin on Admin → Backups; the system for the command and the schedule. */
  by?: Principal;
  /** Stops the backup between files (a cancelled task): nothing is left behind. */
  signal?: AbortSignal;
  /** Where the database's snapshot waits (default: the data folder). */
  scratchDir?: string;
}

/** Makes a backup, recorded in the audit log with its file's name (a page's download says so). */
export function backUp(ctx: ModelContext, options: BackupOptions): Promise<BackupManifest> {
  const target = options.by ? 'download' : path.basename(options.target);
  return audited(ctx, options.by ?? 'system', { action: 'backup.create', target }, () => writeBackup(ctx, options));
}

async function writeBackup(ctx: ModelContext, options: BackupOptions): Promise<BackupManifest> {
  assertPassphrase(options.passphrase);
  const target = path.resolve(options.target);
  if (await fsp.stat(target).catch(() => null)) throw new AppError('conflict', 'backupTargetExists', { path: target });
  const writer = new ArchiveWriter(`${target}.partial-${randomUUID().slice(0, 8)}`);
  // The database's snapshot and the dump's tables wait here before they go in.
  const scratch = path.join(options.scratchDir ?? ctx.config.dataDir, `.backup-${randomUUID()}`);
  const report = (phase: BackupProgress['phase']) => {
    options.signal?.throwIfAborted();
    options.onProgress?.({ phase, entries: writer.entries.length, bytes: writer.bytes });
  };
  try {
    await fsp.mkdir(scratch, { recursive: true });
    report('database');
    const { database, migrations, objects } = await addDatabase(ctx, writer, scratch);
    report('key');
    await writer.add(KEY_NAME, ...json(await sealKey(ctx.masterKey, options.passphrase)));

    report('storage');
    const storage = path.join(ctx.config.dataDir, 'storage');
    const held = new Set<string>();
    for await (const rel of filesUnder(storage)) {
      const file = path.join(storage, rel);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat) continue; // gone since it was listed
      const bytes = stat.size ? createReadStream(file, { end: stat.size - 1 }) : Buffer.alloc(0);
      await writer.add(`storage/${rel}`, stat.size, bytes);
      held.add(rel);
      if (held.size % 100 === 0) report('storage');
    }

    report('listing');
    const { listed, missing } = sortObjects(objects, held);
    await writer.add('objects/listed.jsonl', ...lines(listed));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      appVersion: APP_VERSION,
      createdAt: new Date().toISOString(),
      database,
      ...(migrations && { migrations }),
      entries: [...writer.entries],
      listedObjects: listed.length,
      missing,
    };
    await writer.add(MANIFEST_NAME, ...json(manifest));
    await writer.finish();
    await fsp.rename(writer.file, target);
    return manifest;
  } catch (error) {
    await writer.discard();
    throw error;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

function json(value: unknown): [number, Buffer] {
  const bytes = Buffer.from(JSON.stringify(value, null, 2));
  return [bytes.length, bytes];
}

function lines(values: unknown[]): [number, Buffer] {
  const bytes = Buffer.from(values.map((v) => JSON.stringify(v) + '\n').join(''));
  return [bytes.length, bytes];
}
