import fs from 'node:fs';
import path from 'node:path';
import { Upload } from '@tus/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { MOUNT_PERMISSIONS } from '~/lib/permissions';
import { fsModels, keyWith, type FsModels } from '../../../tests/support/fs-models';
import { ADMIN, ANONYMOUS } from '../../../tests/support/principals';
import {
  admitTusUpload,
  discardTusUpload,
  finishTusUpload,
  pruneTusUploads,
  TUS_LIFETIME_MS,
  tusStore,
} from './uploads.server';

/**
 * tus uploads' rules (docs/tus.md): the target is checked at creation — bits, base path, reserved
 * names, the size limit — what is kept of it holds nothing secret, the finished file is committed
 * through the model and leaves nothing staged, and abandoned uploads expire.
 */
let m: FsModels;
beforeEach(async () => {
  m = await fsModels();
});
afterEach(() => m.close());

const staged = () => fs.readdirSync(path.join(m.ctx.config.dataDir, 'tus'));
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'allowed',
    (e: { messageKey?: string }) => e.messageKey,
  );

/** An upload staged as the tus server would leave it, its bytes all there. */
async function stage(id: string, bytes: string, metadata: Record<string, string>, created = new Date()) {
  const store = tusStore(m.ctx);
  await store.create(new Upload({ id, size: bytes.length, offset: 0, metadata, creation_date: created.toISOString() }));
  fs.writeFileSync(path.join(store.directory, id), bytes);
}

describe('tus uploads', () => {
  it('checks the target at creation, as the explorer would', async () => {
    const writer = keyWith(MOUNT_PERMISSIONS, '/disk/in');
    const admit = (principal = writer, meta: Record<string, string> = {}, size = 10) =>
      refusal(admitTusUpload(m.ctx, principal, { filename: 'a.txt', ...meta }, size, '127.0.0.1'));
    expect(await admit(writer, { path: '/disk/in' })).toBe('allowed');
    expect(await admit(writer, { path: '/disk/other' })).toBe('fsOutsideBasePath');
    expect(await admit(writer, { path: '/disk/in/.cloudclip-bin' })).toBe('fsNotFound');
    expect(await admit(keyWith(Permission.MOUNT_VIEW), { path: '/disk' })).toBe('permissionRequired');
    expect(await admit(writer, { share: '' })).toBe('permissionRequired');
    expect(await admit(writer, {})).toBe('tusTargetRequired');
    expect(await admit(ANONYMOUS, { path: '/disk' })).toBe('authRequired');
    expect(await admit(ADMIN, { path: '/disk' }, 101 * 1024 * 1024)).toBe('fileTooLarge');
    expect(await refusal(admitTusUpload(m.ctx, ADMIN, { filename: 'x/y', path: '/disk' }, 1, ''))).toBe(
      'filenameInvalid',
    );
  });

  it('commits the finished file into its folder and leaves nothing staged, refused or not', async () => {
    const meta = await admitTusUpload(m.ctx, ADMIN, { filename: 'done.txt', path: '/disk/in' }, 5, '');
    expect(meta).toEqual({ filename: 'done.txt', owner: expect.any(String), target: 'folder', path: '/disk/in' });
    await stage('one', 'hello', meta);
    const result = await finishTusUpload(m.ctx, ADMIN, { id: 'one', size: 5, metadata: meta }, '');
    expect(result).toEqual({ kind: 'folder', path: '/disk/in/done.txt', size: 5 });
    expect(fs.readFileSync(path.join(m.diskRoot, 'in/done.txt'), 'utf8')).toBe('hello');
    // Kept until the answer is out (the tus server reads it once more), then discarded.
    expect(staged().sort()).toEqual(['one', 'one.json']);
    await discardTusUpload(m.ctx, 'one');

    // Someone else's upload is refused at the end too, and its bytes still go.
    await stage('two', 'other', meta);
    const other = keyWith(MOUNT_PERMISSIONS);
    expect(await refusal(finishTusUpload(m.ctx, other, { id: 'two', size: 5, metadata: meta }, ''))).toBe(
      'tusNotYours',
    );
    expect(staged().filter((name) => !name.endsWith('.json'))).toEqual([]);
    expect(staged()).toEqual([]);
  });

  it('removes uploads left past their expiry, finished or not, and keeps the others', async () => {
    const long = new Date(Date.now() - TUS_LIFETIME_MS - 60_000);
    await stage('old', 'abandoned', { filename: 'a', target: 'folder', path: '/disk' }, long);
    await stage('fresh', 'under way', { filename: 'b', target: 'folder', path: '/disk' });
    expect(await pruneTusUploads(m.ctx)).toBe(1);
    expect(staged().sort()).toEqual(['fresh', 'fresh.json']);
  });
});
