import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { keyPrincipal } from '../../../tests/support/principals';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { createApiKey } from '~/models/accounts/api-keys.server';
import type { Principal } from '~/auth/principal';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, outcome, putOnDisk, type FsModels } from '../../../tests/support/fs-models';
import { commitFsUpload, presignFsUpload, reapFsPresigns } from './direct.server';
import { uploadToFolder } from './write.server';
import { listBin } from './bin/manage.server';
import { davPut } from './dav/write.server';

/**
 * An upload onto a name that is taken (issue 42, items 1 and 9): a refused upload leaves the file it
 * would have replaced as it was, on every door; the uploader chooses replace (which needs the delete
 * bit), keep both or skip; a presigned PUT reserves the key's quota, takes exactly what it declared,
 * and what nobody commits is removed with its reservation.
 */
describe('uploads onto a name', () => {
  let m: FsModels;
  const UPLOAD = Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD;
  const key = async (name: string, permissions: number, quotas: Record<string, number> = {}): Promise<Principal> => {
    const made = await createApiKey(
      m.ctx,
      ADMIN,
      createApiKeySchema.parse({ name, permissions, expires_at: 'never', basic_path: '/', ...quotas }),
    );
    return { ...keyPrincipal(made.id, permissions), name };
  };
  const onDisk = (name: string) => fs.readFileSync(path.join(m.diskRoot, name), 'utf8');
  /** A presigned upload, as the browser makes it: presign, PUT to its URL (here: its pending key), commit. */
  async function presignedUpload(principal: Principal, fileName: string, bytes: string, extra = {}) {
    const presigned = await presignFsUpload(m.ctx, principal, { path: '/disk/', fileName, ...extra });
    if (presigned.skipped) return { presigned, commit: () => Promise.resolve(null) };
    putOnDisk(m.diskRoot, `.cloudclip-pending-fs/${presigned.fileId}`, bytes);
    return { presigned, commit: () => commitFsUpload(m.ctx, principal, { fileId: presigned.fileId }) };
  }
  const pendingLeft = () =>
    fs.existsSync(path.join(m.diskRoot, '.cloudclip-pending-fs'))
      ? fs.readdirSync(path.join(m.diskRoot, '.cloudclip-pending-fs'))
      : [];

  beforeAll(async () => {
    m = await fsModels();
  });
  afterAll(() => m.close());

  it('keeps the file a refused upload would have replaced, on the explorer’s presigned door, /api/fs/upload and WebDAV (item 1)', async () => {
    putOnDisk(m.diskRoot, 'keep.txt', 'the original, 26 bytes ok.');
    const small = await key('small files', UPLOAD | Permission.MOUNT_DELETE | Permission.WEBDAV_MANAGE, {
      quota_file_bytes: 205_000,
    });
    const big = 'x'.repeat(396_000);
    const { commit } = await presignedUpload(small, 'keep.txt', big);
    expect(await outcome(commit())).toBe('too_large:quotaFileBytes');
    expect(onDisk('keep.txt')).toBe('the original, 26 bytes ok.');
    expect(pendingLeft()).toEqual([]);
    expect(await outcome(uploadToFolder(m.ctx, small, '/disk/', 'keep.txt', Readable.from([Buffer.from(big)])))).toBe(
      'too_large:quotaFileBytes',
    );
    expect(onDisk('keep.txt')).toBe('the original, 26 bytes ok.');
    // WebDAV, size declared or not.
    for (const size of [big.length, undefined])
      expect(await outcome(davPut(m.ctx, small, '/disk/keep.txt', Readable.from([Buffer.from(big)]), { size }))).toBe(
        'too_large:quotaFileBytes',
      );
    expect(onDisk('keep.txt')).toBe('the original, 26 bytes ok.');
    // Nothing was taken away, so nothing is in the bin either.
    expect((await listBin(m.ctx, ADMIN)).entries.filter((e) => e.path === '/disk/keep.txt')).toEqual([]);
  });

  it('replaces only with the delete bit, keeps both under a numbered name, or skips', async () => {
    putOnDisk(m.diskRoot, 'report.pdf', 'version one');
    const uploader = await key('uploads only', UPLOAD);
    expect(await outcome(presignFsUpload(m.ctx, uploader, { path: '/disk/', fileName: 'report.pdf' }))).toBe(
      'forbidden:fsReplaceNeedsDelete',
    );
    expect(
      await outcome(uploadToFolder(m.ctx, uploader, '/disk/', 'report.pdf', Readable.from([Buffer.from('v2')]))),
    ).toBe('forbidden:fsReplaceNeedsDelete');
    const kept = await presignedUpload(uploader, 'report.pdf', 'version two', { onConflict: 'keep' });
    expect(kept.presigned.targetPath).toBe('/disk/report (2).pdf');
    await kept.commit();
    expect([onDisk('report.pdf'), onDisk('report (2).pdf')]).toEqual(['version one', 'version two']);
    const skipped = await presignedUpload(uploader, 'report.pdf', 'version three', { onConflict: 'skip' });
    expect(skipped.presigned.skipped).toBe(true);
    expect(onDisk('report.pdf')).toBe('version one');
    // The delete bit replaces, and the version replaced waits in the recycle bin.
    const owner = await key('may delete', UPLOAD | Permission.MOUNT_DELETE);
    await (await presignedUpload(owner, 'report.pdf', 'version four')).commit();
    expect(onDisk('report.pdf')).toBe('version four');
    const binned = (await listBin(m.ctx, ADMIN)).entries.find((e) => e.path === '/disk/report.pdf');
    expect(binned).toMatchObject({ reason: 'replaced', size: 'version one'.length, deletedBy: 'may delete' });
  });

  it('reserves the quota at presign, holds the PUT to its declared size, and reaps what nobody commits (item 9)', async () => {
    const daily = await key('daily', UPLOAD | Permission.MOUNT_DELETE, { quota_day_bytes: 10_000 });
    await presignedUpload(daily, 'a.bin', 'z'.repeat(8_000), { fileSize: 8_000 });
    // The reservation counts at once: a second presign that would pass the day's quota is refused now.
    expect(await outcome(presignFsUpload(m.ctx, daily, { path: '/disk/', fileName: 'b.bin', fileSize: 8_000 }))).toBe(
      'insufficient_storage:quotaDayBytes',
    );
    // A PUT that stored more than it declared is refused at commit and leaves nothing.
    const liar = await presignedUpload(daily, 'liar.bin', 'y'.repeat(1_500), { fileSize: 1_000 });
    expect(await outcome(liar.commit())).toBe('invalid:uploadSizeMismatch');
    expect(fs.existsSync(path.join(m.diskRoot, 'liar.bin'))).toBe(false);
    // Uncommitted, once its URL is dead: its bytes and its reservation go.
    expect(pendingLeft().length).toBeGreaterThan(0);
    expect(await reapFsPresigns(m.ctx, Date.now() + 2 * 3600_000)).toBeGreaterThan(0);
    expect(pendingLeft()).toEqual([]);
    expect(await m.ctx.db.quotaCharge.count({ where: { keyId: (daily as { keyId: string }).keyId } })).toBe(0);
    await presignFsUpload(m.ctx, daily, { path: '/disk/', fileName: 'b.bin', fileSize: 8_000 });
  });
});
