import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageError } from '../types';
import { LocalDriver } from './local.server';

/**
 * The local driver never leaves its root through a symbolic link (issue 27 B2,
 * docs/decisions/0021-local-storage-symlinks.md): a link to a file or a folder outside is not
 * there for reads and listings, and writes, copies, moves and deletes through it are refused or
 * do nothing — the files outside stay as they were. A link that stays inside the root is followed.
 */
describe('local driver: symbolic links out of the root', () => {
  let base: string;
  let root: string;
  let outside: string;
  let driver: LocalDriver;
  const body = (text: string) => Readable.from([Buffer.from(text)]);
  const kindOf = (p: Promise<unknown>) =>
    p.then(
      () => 'done',
      (e: unknown) => (e instanceof StorageError ? e.kind : String(e)),
    );

  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-links-'));
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    fs.mkdirSync(path.join(root, 'team'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(base, 'app.db'), 'the database');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'outside');
    fs.writeFileSync(path.join(root, 'team', 'plan.txt'), 'inside');
    fs.symlinkSync('../../app.db', path.join(root, 'team', 'db-link'));
    fs.symlinkSync(outside, path.join(root, 'team', 'out-dir'));
    fs.symlinkSync('plan.txt', path.join(root, 'team', 'plan-link'));
    driver = new LocalDriver({ root, configId: 'c', signingKey: Buffer.alloc(32) });
  });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  it('reads: a link out is not there; a link inside is followed', async () => {
    expect(await driver.stat('team/db-link')).toBeNull();
    expect(await kindOf(driver.read('team/db-link'))).toBe('not_found');
    expect(await driver.stat('team/out-dir/secret.txt')).toBeNull();
    expect(await kindOf(driver.read('team/out-dir/secret.txt'))).toBe('not_found');
    expect((await driver.stat('team/plan-link'))?.size).toBe(6);
  });

  it('listings show no link and nothing behind a folder link', async () => {
    const listed = await driver.list('team/', { delimiter: '/' });
    expect(listed.objects.map((o) => o.key)).toEqual(['team/plan.txt']);
    expect(listed.prefixes).toEqual([]);
    expect(await driver.list('team/out-dir/', { delimiter: '/' })).toEqual({ objects: [], prefixes: [] });
    expect((await driver.list('team/out-dir/')).objects).toEqual([]);
  });

  it('writes, folders, copies and moves through a link out are refused', async () => {
    expect(await kindOf(driver.write('team/out-dir/new.txt', body('x')))).toBe('invalid_key');
    expect(await kindOf(driver.write('team/db-link', body('overwritten')))).toBe('invalid_key');
    expect(await kindOf(driver.createFolder('team/out-dir/sub/'))).toBe('invalid_key');
    expect(await kindOf(driver.copy('team/db-link', 'team/copy.db'))).toBe('not_found');
    expect(await kindOf(driver.copy('team/plan.txt', 'team/out-dir/plan.txt'))).toBe('invalid_key');
    expect(await kindOf(driver.move('team/out-dir/secret.txt', 'team/stolen.txt'))).toBe('not_found');
    const { uploadId } = await driver.multipartInit('team/inside.bin');
    expect(await kindOf(driver.multipartInit('team/out-dir/big.bin'))).toBe('invalid_key');
    await driver.multipartAbort('team/inside.bin', uploadId);
    expect(fs.readdirSync(outside)).toEqual(['secret.txt']);
    expect(fs.readFileSync(path.join(base, 'app.db'), 'utf8')).toBe('the database');
    expect(fs.existsSync(path.join(root, 'team', 'copy.db'))).toBe(false);
  });

  it('deletes through a link out do nothing outside', async () => {
    await driver.remove(['team/out-dir/secret.txt']);
    await driver.removePrefix('team/out-dir/');
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('outside');
    // The write that proves the driver writes at all here.
    await driver.write('team/fresh.txt', body('fresh'));
    expect(fs.readFileSync(path.join(root, 'team', 'fresh.txt'), 'utf8')).toBe('fresh');
  });
});
