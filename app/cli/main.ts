/**
 * The app's commands (docs/deploy.md "Backups"), run by scripts/cli.mjs from the production build
 * (build/cli/cli.js, vite.cli.config.ts):
 *
 *   npm run backup -- <file.tar.gz>              BACKUP_PASSPHRASE seals the secret key
 *   npm run backup -- storage:<name>/<folder>    the same, written to a storage config (S3)
 *   npm run restore -- <file.tar.gz> [--dry-run] into an empty DATA_DIR / DATABASE_URL
 *   npm run recover-account -- <username>        a locked-out account: no second factor, a reset link
 *
 * A door like the others: it parses the arguments, calls one model function, and says what
 * happened in the terminal's language (LANG: zh for Chinese, English otherwise).
 */
import os from 'node:os';
import { inRequestScope } from '~/models/request-scope.server';
import { loadConfig } from '~/config.server';
import { loadCatalog } from '~/i18n/catalogs';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { formatBytes } from '~/lib/format';
import { backUp, type BackupManifest } from '~/models/backup/backup.server';
import { backUpToStorage } from '~/models/backup/to-storage.server';
import { restoreBackup } from '~/models/backup/restore.server';
import { recoverAccount } from '~/models/accounts/accounts.server';
import { closeModelContext, openModelContext } from '~/models/context.server';
import { wireModels } from '~/models/wiring.server';

const locale = /^zh/i.test(process.env.LANG ?? '') ? 'zh' : 'en';
const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * A backup is background work: at a lower priority (nice 10) it yields the CPU to the app it backs
 * up, which keeps serving (bench/backup.bench.mjs). Set before any worker thread starts (gzip runs on
 * them), so they inherit it.
 */
function yieldToTheApp() {
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here (some containers): the backup runs at the usual priority.
  }
}

/** Progress in the terminal: each phase, and the storage phase at most once a second. */
function progressLine() {
  let last = 0;
  return ({ phase, bytes, entries }: { phase: string; bytes: number; entries?: number }) => {
    if (Date.now() - last < 1000 && phase === 'storage') return;
    last = Date.now();
    say(`… ${phase}: ${entries === undefined ? '' : `${entries} entries, `}${formatBytes(bytes)}`);
  };
}

async function backupCommand(target: string) {
  yieldToTheApp();
  const config = loadConfig(process.env);
  const ctx = await openModelContext(config);
  wireModels();
  const passphrase = config.backupPassphrase;
  try {
    if (target.startsWith('storage:')) {
      const made = await backUpToStorage(ctx, target, { passphrase, onProgress: progressLine() });
      say(`Backed up to ${made.storage}: ${made.key}, ${formatBytes(made.size)}.`);
      return summarize(made.manifest);
    }
    const manifest = await backUp(ctx, { target, passphrase, onProgress: progressLine() });
    const bytes = manifest.entries.reduce((sum, e) => sum + e.size, 0);
    say(`Backed up to ${target}: ${manifest.entries.length} entries, ${formatBytes(bytes)}.`);
    summarize(manifest);
  } finally {
    await closeModelContext(ctx);
  }
}

/** What a backup lists but does not hold, and what it found gone. */
function summarize(manifest: BackupManifest) {
  if (manifest.listedObjects)
    say(
      `${manifest.listedObjects} objects on S3 (or outside the data folder) are listed, not copied: back those up with the storage's own tools.`,
    );
  if (manifest.missing.length)
    say(
      `Warning: ${manifest.missing.length} share objects were gone from the storage (deleted while the backup ran?): ${manifest.missing.slice(0, 5).join(', ')}`,
    );
}

async function restoreCommand(archive: string, dryRun: boolean) {
  const config = loadConfig(process.env);
  const plan = await restoreBackup({
    archive,
    config,
    passphrase: config.backupPassphrase,
    dryRun,
    onProgress: ({ files, bytes }) => files % 1000 === 0 && say(`… ${files} files, ${formatBytes(bytes)}`),
  });
  say(`Backup of ${plan.manifest.createdAt} (Cloudclip ${plan.manifest.appVersion}): every checksum matches.`);
  for (const write of plan.writes)
    say(
      `${dryRun ? 'Would restore' : 'Restored'} ${write.what}: ${write.files} files, ${formatBytes(write.bytes)} → ${write.to}`,
    );
  if (plan.recorded === false) say('Warning: the restore could not be written to the restored audit log.');
}

/** An account locked out (a lost authenticator): docs/accounts.md "Recovery". */
async function recoverCommand(username: string) {
  const config = loadConfig(process.env);
  const ctx = await openModelContext(config);
  try {
    const made = await recoverAccount(ctx, username);
    // PUBLIC_URL when set; otherwise the address the app listens on here (open it through a tunnel).
    const origin = config.publicUrl ?? `http://localhost:${config.port}`;
    say(`${username}: second factor removed, sessions ended, account enabled.`);
    say(`Open this link (once, until ${made.expiresAt.toISOString()}) to set a new password:`);
    say(`${origin.replace(/\/+$/, '')}/invite/${made.token}`);
  } finally {
    await closeModelContext(ctx);
  }
}

async function main(args: string[]) {
  const [command, file, ...flags] = args;
  // The audit log's door for what the commands do.
  return inRequestScope({ requestId: null, address: null, door: 'cli' }, () => run(command, file, flags));
}

async function run(command: string | undefined, file: string | undefined, flags: string[]) {
  if (command === 'backup' && file) return backupCommand(file);
  if (command === 'restore' && file) return restoreCommand(file, flags.includes('--dry-run'));
  if (command === 'recover-account' && file) return recoverCommand(file);
  say('usage: npm run backup -- <file.tar.gz>   |   npm run backup -- storage:<storage name>/<folder>');
  say('       npm run restore -- <file.tar.gz> [--dry-run]');
  say('       npm run recover-account -- <username>');
  say('       BACKUP_PASSPHRASE (8 characters or more) seals and opens the secret key.');
  process.exitCode = 2;
}

main(process.argv.slice(2)).catch(async (error: unknown) => {
  if (error instanceof AppError) {
    await loadCatalog(locale);
    process.stderr.write(`${translate(locale, `errors.${error.messageKey}`, error.details)}\n`);
  } else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
