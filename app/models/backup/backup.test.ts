import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/config.server';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { outcome } from '../../../tests/support/fs-models';
import { backUp } from './backup.server';
import { sweepBackupLeftovers } from './download.server';
import { restoreBackup } from './restore.server';
import { openKey, sealKey } from './secret-box.server';

/** Backups as models (issue 32): what goes in, what a restore checks before it writes. */
describe('backups', () => {
  let temp: TempContext;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-backup-unit-'));
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(async () => {
    await temp.close();
    fs.rmSync(work, { recursive: true, force: true });
  });
  const configFor = (dir: string) => loadConfig({ DATA_DIR: dir });

  it('seal the secret key under the passphrase; a wrong or short one opens nothing', async () => {
    const key = Buffer.alloc(32, 7);
    const box = await sealKey(key, 'a long passphrase');
    expect(JSON.stringify(box)).not.toContain(key.toString('base64'));
    expect(await openKey(box, 'a long passphrase')).toEqual(key);
    expect(await outcome(openKey(box, 'another passphrase'))).toBe('invalid:backupPassphraseWrong');
    expect(await outcome(sealKey(key, 'short'))).toBe('invalid:backupPassphrase');
  });

  it('hold the database, the key and the stored files, without the driver’s work in progress', async () => {
    const storage = path.join(temp.dir, 'storage');
    fs.mkdirSync(path.join(storage, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(storage, 'docs', 'a.txt'), 'kept');
    fs.mkdirSync(path.join(storage, '.cloudclip-tmp'), { recursive: true });
    fs.writeFileSync(path.join(storage, '.cloudclip-tmp', 'half'), 'never kept');
    // Scheduled backups kept in the embedded storage are not backed up again (schedule.server.ts).
    fs.mkdirSync(path.join(storage, '.cloudclip-backups'), { recursive: true });
    fs.writeFileSync(path.join(storage, '.cloudclip-backups', 'cloudclip-20260101-030000.tar.gz'), 'a backup');
    const target = path.join(work, 'one.tar.gz');
    const manifest = await backUp(temp.ctx, { target, passphrase: 'a long passphrase' });
    expect(manifest.entries.map((e) => e.name)).toEqual([
      'database/cloudclip.db',
      'secret/key.json',
      'storage/docs/a.txt',
      'objects/listed.jsonl',
    ]);
    // Nothing beside the target: the snapshot and the partial file are gone.
    expect(fs.readdirSync(work)).toEqual(['one.tar.gz']);
    expect(fs.readdirSync(temp.dir).filter((n) => n.startsWith('.backup-'))).toEqual([]);
    expect(await outcome(backUp(temp.ctx, { target, passphrase: 'a long passphrase' }))).toBe(
      'conflict:backupTargetExists',
    );

    const into = path.join(work, 'restored');
    await restoreBackup({ archive: target, config: configFor(into), passphrase: 'a long passphrase' });
    expect(fs.readFileSync(path.join(into, 'storage', 'docs', 'a.txt'), 'utf8')).toBe('kept');
    expect(fs.existsSync(path.join(into, 'storage', '.cloudclip-tmp'))).toBe(false);
    expect(fs.readFileSync(path.join(into, 'secret.key'), 'utf8').trim()).toBe(
      temp.ctx.masterKey.toString('base64url'),
    );
  });

  it('refuse an archive whose names climb out of the target, before writing anything', async () => {
    const evil = path.join(work, 'evil.tar.gz');
    const pack = tar.pack();
    pack.entry({ name: 'storage/../../outside.txt' }, 'x');
    pack.finalize();
    await pipeline(pack, createGzip(), fs.createWriteStream(evil));
    const into = path.join(work, 'evil-target');
    expect(
      await outcome(restoreBackup({ archive: evil, config: configFor(into), passphrase: 'a long passphrase' })),
    ).toBe('invalid:backupDamaged');
    expect(fs.existsSync(into)).toBe(false);
    expect(fs.existsSync(path.join(work, 'outside.txt'))).toBe(false);
  });

  it('leave what a killed backup left in the data folder to the sweeper, once a day old', async () => {
    const scratch = path.join(temp.dir, '.backup-0f0f0f0f');
    fs.mkdirSync(scratch, { recursive: true });
    fs.writeFileSync(path.join(scratch, 'cloudclip.db'), 'a snapshot');
    const day = 24 * 3600_000;
    expect(await sweepBackupLeftovers(temp.ctx, Date.now() + day - 60_000)).toBe(0);
    expect(fs.existsSync(scratch)).toBe(true);
    expect(await sweepBackupLeftovers(temp.ctx, Date.now() + day + 60_000)).toBe(1);
    expect(fs.existsSync(scratch)).toBe(false);
    expect(fs.existsSync(path.join(temp.dir, 'storage'))).toBe(true);
  });
});
