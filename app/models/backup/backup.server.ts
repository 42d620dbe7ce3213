import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '~/lib/errors';
import { APP_VERSION } from '~/lib/version';
import type { ModelContext } from '~/models/context.server';
import { ArchiveWriter, MANIFEST_NAME, type ArchiveEntry } from './archive.server';
import { assertPassphrase, sealKey } from './secret-box.server';

/**
 * `npm run backup` (docs/deploy.md "Backups"): a consistent backup while the app serves. The
 * database comes from SQLite's online backup API (a snapshot other connections keep writing past),
 * then the secret key sealed with the passphrase, then every file of the embedded local storage.
 * Objects on S3 (and on local storage outside the data folder) are listed, not copied, from the same
 * snapshot: copying a bucket is the bucket's job. The archive is written beside its target and
 * renamed into place once whole, so a failed backup leaves nothing behind.
 */

export const BACKUP_FORMAT = 'cloudclip-backup';
export const BACKUP_VERSION = 1;

/** Folders of the local driver's own work in progress (storage/drivers/local.server.ts): never backed up. */
const SKIPPED = new Set(['.cloudclip-tmp', '.cloudclip-multipart']);

export interface ListedObject {
  config: string;
  kind: string;
  bucket: string | null;
  endpoint: string | null;
  key: string;
  size: number;
  etag: string | null;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  appVersion: string;
  createdAt: string;
  database: 'sqlite';
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

interface ShareObject {
  config_id: string;
  storage_type: string;
  root_path: string | null;
  bucket_name: string | null;
  endpoint_url: string | null;
  storage_path: string;
  size: number | bigint;
  etag: string | null;
}

/** The share objects the snapshot names, with where they live. */
function shareObjects(snapshot: string): ShareObject[] {
  const db = new Database(snapshot, { readonly: true });
  try {
    return db
      .prepare(
        `SELECT c.id AS config_id, c.storage_type, c.root_path, c.bucket_name, c.endpoint_url,
                f.storage_path, f.size, f.etag
           FROM files f JOIN storage_configs c ON c.id = f.storage_config_id
          WHERE f.kind = 'file' AND f.status = 'ready'`,
      )
      .all() as ShareObject[];
  } finally {
    db.close();
  }
}

/** Whether a local config keeps its objects in the embedded storage folder (which the backup holds). */
const isEmbedded = (rootPath: string | null) => !rootPath || rootPath === 'storage';

export async function backUp(
  ctx: ModelContext,
  options: { target: string; passphrase: string | undefined; onProgress?: (progress: BackupProgress) => void },
): Promise<BackupManifest> {
  assertPassphrase(options.passphrase);
  if (!ctx.sql) throw new AppError('invalid', 'backupPostgresNotBuilt');
  const target = path.resolve(options.target);
  if (await fsp.stat(target).catch(() => null)) throw new AppError('conflict', 'backupTargetExists', { path: target });
  const writer = new ArchiveWriter(`${target}.partial-${randomUUID().slice(0, 8)}`);
  const snapshot = path.join(ctx.config.dataDir, `.backup-${randomUUID()}.db`);
  const report = (phase: BackupProgress['phase']) =>
    options.onProgress?.({ phase, entries: writer.entries.length, bytes: writer.bytes });
  try {
    report('database');
    await ctx.sql.backup(snapshot);
    const { size } = await fsp.stat(snapshot);
    await writer.add('database/cloudclip.db', size, createReadStream(snapshot));
    report('key');
    const sealed = await sealKey(ctx.masterKey, options.passphrase);
    await writer.add('secret/key.json', ...json(sealed));

    report('storage');
    const storage = path.join(ctx.config.dataDir, 'storage');
    const held = new Set<string>();
    for await (const rel of filesUnder(storage)) {
      const file = path.join(storage, rel);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat) continue; // gone since it was listed
      await writer.add(
        `storage/${rel}`,
        stat.size,
        stat.size ? createReadStream(file, { end: stat.size - 1 }) : Buffer.alloc(0),
      );
      held.add(rel);
      if (held.size % 500 === 0) report('storage');
    }

    report('listing');
    const listed: ListedObject[] = [];
    const missing: string[] = [];
    for (const object of shareObjects(snapshot)) {
      if (object.storage_type === 'local' && isEmbedded(object.root_path)) {
        if (!held.has(object.storage_path)) missing.push(object.storage_path);
        continue;
      }
      listed.push({
        config: object.config_id,
        kind: object.storage_type,
        bucket: object.bucket_name,
        endpoint: object.endpoint_url,
        key: object.storage_path,
        size: Number(object.size),
        etag: object.etag,
      });
    }
    await writer.add('objects/listed.jsonl', ...lines(listed));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      appVersion: APP_VERSION,
      createdAt: new Date().toISOString(),
      database: 'sqlite',
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
    // The snapshot keeps the database's WAL mode: reading it leaves its -wal and -shm beside it.
    for (const file of [snapshot, `${snapshot}-wal`, `${snapshot}-shm`]) await fsp.rm(file, { force: true });
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
