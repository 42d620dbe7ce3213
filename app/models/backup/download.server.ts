import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import type { ModelContext } from '~/models/context.server';
import { backUp } from './backup.server';

/** Backups made for a download wait here, inside the data folder but outside the storage it backs up. */
const FOLDER = '.backup-downloads';
/** A download left behind (the process was killed while it streamed) goes with the next backup. */
const LEFT_AFTER_MS = 3600_000;

/**
 * Admin → Backups (docs/deploy.md "Backups"): the same backup as `npm run backup`, made into a file
 * the page then streams to the admin and removes. Admins only.
 */
export async function backupForDownload(ctx: ModelContext, principal: Principal, passphrase: string) {
  authorize(principal, 'admin.backups');
  const folder = path.join(ctx.config.dataDir, FOLDER);
  await fsp.mkdir(folder, { recursive: true });
  for (const name of await fsp.readdir(folder)) {
    const stat = await fsp.stat(path.join(folder, name)).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > LEFT_AFTER_MS) await fsp.rm(path.join(folder, name), { force: true });
  }
  const file = path.join(folder, `${randomUUID()}.tar.gz`);
  await backUp(ctx, { target: file, passphrase, by: principal });
  const { size } = await fsp.stat(file);
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  return { file, size, name: `cloudclip-${stamp}.tar.gz`, remove: () => fsp.rm(file, { force: true }) };
}

/** How old a backup's work in the data folder must be before the sweeper takes it for a killed run's. */
const LEFTOVER_AFTER_MS = 24 * 3600_000;

/**
 * What a killed backup (kill -9, a crash) leaves in the data folder: a `.backup-<id>` scratch or
 * work folder, a download never sent. Removed by the sweeper once a day old; a running backup's
 * folders are younger (the scheduled one is emptied when the next run starts anyway).
 */
export async function sweepBackupLeftovers(ctx: ModelContext, now = Date.now()): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(ctx.config.dataDir).catch(() => [] as string[])) {
    if (!name.startsWith('.backup-')) continue;
    const where = path.join(ctx.config.dataDir, name);
    const stat = await fsp.stat(where).catch(() => null);
    if (!stat || now - stat.mtimeMs < LEFTOVER_AFTER_MS) continue;
    await fsp.rm(where, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
