import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { closeModelContext, openModelContext } from '~/models/context.server';
import { createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { loadMasterKey } from '~/auth/secrets.server';
import type { AppConfig } from '~/config.server';
import { AppError } from '~/lib/errors';
import { asDamaged, KEY_NAME, MANIFEST_NAME, readArchive } from './archive.server';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest } from './backup.server';
import { openKey, type SealedKey } from './secret-box.server';
import { assertEmptyPostgres, loadPostgres, TABLES_PREFIX } from './postgres-dump.server';

/**
 * `npm run restore` (docs/deploy.md "Backups"): a backup into an empty data folder and database (a
 * SQLite file, or an empty PostgreSQL database), with the same settings the app reads (DATA_DIR,
 * DATABASE_URL, APP_SECRET). The archive is read twice: first to
 * check every entry's SHA-256 against the manifest and the passphrase against the key, writing
 * nothing; then into a staging folder inside the data folder, checked again, and moved into place.
 * A target that holds anything of a Cloudclip already is refused.
 */

export interface RestorePlan {
  manifest: BackupManifest;
  /** What a restore writes, and where. */
  writes: { what: string; to: string; files: number; bytes: number }[];
  /** After a restore: whether its event is in the restored audit log. */
  recorded?: boolean;
}

/** An entry's bytes, whole (the manifest and the sealed key: small). */
async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive once: every entry must be what the manifest, read last, says. Answers
 * the manifest and the sealed key, which the same pass keeps.
 */
async function verified(archive: string): Promise<{ manifest: BackupManifest; sealedKey: SealedKey }> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: BackupManifest | null = null;
  let sealedKey: Buffer | null = null;
  for await (const entry of readArchive(archive)) {
    if (entry.name === MANIFEST_NAME) {
      manifest = JSON.parse((await bytesOf(entry.stream)).toString('utf8')) as BackupManifest;
      continue;
    }
    let size = 0;
    if (entry.name === KEY_NAME) size = (sealedKey = await bytesOf(entry.stream)).length;
    else for await (const chunk of entry.stream) size += (chunk as Buffer).length;
    seen.set(entry.name, { size, sha256: entry.sha256() });
  }
  if (!manifest || manifest.format !== BACKUP_FORMAT)
    throw new AppError('invalid', 'backupDamaged', { entry: MANIFEST_NAME });
  if (manifest.version !== BACKUP_VERSION || !['sqlite', 'postgres'].includes(manifest.database))
    throw new AppError('invalid', 'backupUnknownVersion', { version: manifest.version });
  const listed = new Set(manifest.entries.map((e) => e.name));
  for (const entry of manifest.entries) {
    const found = seen.get(entry.name);
    if (!found || found.size !== entry.size || found.sha256 !== entry.sha256)
      throw new AppError('invalid', 'backupDamaged', { entry: entry.name });
  }
  for (const name of seen.keys())
    if (!listed.has(name)) throw new AppError('invalid', 'backupDamaged', { entry: name });
  if (sealedKey === null) throw new AppError('invalid', 'backupDamaged', { entry: KEY_NAME });
  return { manifest, sealedKey: JSON.parse(sealedKey.toString('utf8')) as SealedKey };
}

function planOf(manifest: BackupManifest, config: AppConfig): RestorePlan {
  const of = (prefix: string) => manifest.entries.filter((e) => e.name.startsWith(prefix));
  const sum = (entries: { size: number }[]) => entries.reduce((total, e) => total + e.size, 0);
  const storage = of('storage/');
  const tables = of('database/');
  return {
    manifest,
    writes: [
      { what: 'database', to: databaseOf(config), files: tables.length, bytes: sum(tables) },
      { what: 'storage', to: path.join(config.dataDir, 'storage'), files: storage.length, bytes: sum(storage) },
      { what: 'secret key', to: path.join(config.dataDir, 'secret.key'), files: 1, bytes: 44 },
    ],
  };
}

/** Where the database goes: the SQLite file, or the PostgreSQL server (its address without the password). */
function databaseOf(config: AppConfig): string {
  if (config.database.dialect === 'sqlite') return config.database.file;
  const url = new URL(config.database.url);
  url.password = '';
  return url.toString();
}

/** Refuses a target that holds a database, stored files or a key already. */
async function assertEmptyTarget(config: AppConfig): Promise<void> {
  const exists = async (file: string) => (await fsp.stat(file).catch(() => null)) !== null;
  if (config.database.dialect === 'postgres') await assertEmptyPostgres(config.database.url);
  const storage = await fsp.readdir(path.join(config.dataDir, 'storage')).catch(() => []);
  const key = path.join(config.dataDir, 'secret.key');
  const taken = [
    config.database.dialect === 'sqlite' && (await exists(config.database.file)) && config.database.file,
    storage.length > 0 && path.join(config.dataDir, 'storage'),
    (await exists(key)) && key,
  ].filter(Boolean);
  if (taken.length) throw new AppError('conflict', 'restoreTargetNotEmpty', { path: taken[0] });
}

export async function restoreBackup(options: {
  archive: string;
  config: AppConfig;
  passphrase: string | undefined;
  dryRun?: boolean;
  onProgress?: (written: { files: number; bytes: number }) => void;
}): Promise<RestorePlan> {
  const { config } = options;
  const { manifest, sealedKey } = await verified(options.archive).catch((error: unknown) =>
    Promise.reject(asDamaged(error)),
  );
  if (manifest.database !== config.database.dialect)
    throw new AppError('invalid', 'restoreOtherDatabase', { from: manifest.database, to: config.database.dialect });
  const plan = planOf(manifest, config);
  if (options.dryRun) return plan;
  await assertEmptyTarget(config);
  const key = await openKey(sealedKey, options.passphrase ?? '');
  // APP_SECRET, when set, is the key the app will use: it must be the backup's, or nothing it sealed opens.
  if (config.appSecret && !loadMasterKey(config.appSecret, config.dataDir).equals(key))
    throw new AppError('conflict', 'restoreSecretMismatch');

  const staging = path.join(config.dataDir, `.restore-${randomUUID()}`);
  await fsp.mkdir(staging, { recursive: true });
  try {
    const expected = new Map(manifest.entries.map((e) => [e.name, e.sha256]));
    const checked = (entry: { name: string; sha256: () => string }) => {
      // Read again, so checked again: the archive may have changed since the first pass.
      if (entry.sha256() !== expected.get(entry.name))
        throw new AppError('invalid', 'backupDamaged', { entry: entry.name });
    };
    let files = 0;
    let bytes = 0;
    // Files go to the staging folder as they come; PostgreSQL's tables go to the loader, in order.
    const tables = async function* () {
      for await (const entry of readArchive(options.archive)) {
        if (entry.name.startsWith(TABLES_PREFIX)) {
          yield { table: path.basename(entry.name, '.jsonl'), stream: entry.stream };
          checked(entry);
        } else if (entry.name.startsWith('database/') || entry.name.startsWith('storage/')) {
          const to = path.join(staging, entry.name);
          await fsp.mkdir(path.dirname(to), { recursive: true });
          await pipeline(entry.stream, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
          checked(entry);
        } else continue;
        options.onProgress?.({ files: ++files, bytes: (bytes += entry.size) });
      }
    };
    if (config.database.dialect === 'postgres')
      await loadPostgres(config.database.url, manifest.migrations ?? [], tables());
    else for await (const _table of tables()); // SQLite: files only
    // Into place: the storage folder, the database file, and last the key (a key alone marks a restore done).
    const storage = path.join(config.dataDir, 'storage');
    await fsp.rm(storage, { recursive: true, force: true }); // empty, as checked
    await fsp.mkdir(path.join(staging, 'storage'), { recursive: true });
    await fsp.rename(path.join(staging, 'storage'), storage);
    if (config.database.dialect === 'sqlite') {
      await fsp.mkdir(path.dirname(config.database.file), { recursive: true });
      await fsp.rename(path.join(staging, 'database', 'cloudclip.db'), config.database.file);
    }
    if (!config.appSecret)
      await fsp.writeFile(path.join(config.dataDir, 'secret.key'), key.toString('base64url') + '\n', {
        mode: 0o600,
        flag: 'wx',
      });
  } catch (error) {
    throw asDamaged(error);
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
  return { ...plan, recorded: await recordRestore(config, options.archive) };
}

/**
 * The restore's own event, written into the restored audit log (the backup cannot hold it). Whether
 * it was written is reported, never thrown: the restore is done either way.
 */
async function recordRestore(config: AppConfig, archive: string): Promise<boolean> {
  const ctx = await openModelContext(config).catch(() => null);
  if (!ctx) return false;
  try {
    audit(ctx, 'system', { action: 'backup.restore', target: path.basename(archive) });
    await ctx.audit.flush();
    return ctx.audit.queued === 0;
  } finally {
    await closeModelContext(ctx);
  }
}
