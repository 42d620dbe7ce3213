import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '~/auth/principal';
import { Permission } from '~/lib/permissions';
import { createApiKeySchema, updateApiKeySchema } from '~/lib/schemas/api-keys';
import { createPasteSchema } from '~/lib/schemas/pastes';
import { authenticateApiKey, createApiKey, listApiKeys, updateApiKey } from '~/models/accounts/api-keys.server';
import { listDirectory } from '~/models/fs/browse.server';
import { uploadToFolder, writeTextFile } from '~/models/fs/write.server';
import { createPaste } from '~/models/pastes/pastes.server';
import { deleteFiles } from '~/models/shares/manage/files-admin.server';
import { uploadFileShare } from '~/models/shares/create/uploads.server';
import { fsModels, outcome, type FsModels } from '../../../tests/support/fs-models';
import { ADMIN } from '../../../tests/support/principals';
import { largestUpload, pruneQuotaCharges } from './quotas.server';
import { sweepKeptObjects } from '~/models/shares/manage/kept-objects.server';

const KB = 1024;

/**
 * Per-key quotas (issue 32, decision 0034) on the real models: each limit at the doors that store
 * bytes, what deleting frees, and uploads racing for the same room. The same race on PostgreSQL, and
 * through the HTTP doors, is tests/integration/key-quotas.test.ts.
 */
describe('key quotas', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
  });
  afterAll(() => m.close());

  let n = 0;
  /** A real key (its row holds the quotas) with these limits, as the principal its requests resolve to. */
  async function keyWith(quotas: Record<string, number | null>): Promise<{ id: string; principal: Principal }> {
    const made = await createApiKey(
      m.ctx,
      ADMIN,
      createApiKeySchema.parse({
        name: `quota-${++n}`,
        permissions: Permission.TEXT | Permission.FILE_SHARE | Permission.MOUNT_UPLOAD | Permission.MOUNT_VIEW,
        expires_at: 'never',
        ...quotas,
      }),
    );
    return { id: made.id, principal: (await authenticateApiKey(m.ctx, made.key))! };
  }
  const share = (who: Principal, size: number, exact = true) =>
    uploadFileShare(m.ctx, who, {
      filename: 'f.bin',
      body: Readable.from([Buffer.alloc(size, 1)]),
      size: exact ? size : undefined,
      sizeIsExact: exact,
      options: {},
    });
  const usageOf = async (id: string) => (await listApiKeys(m.ctx, ADMIN)).find((k) => k.id === id)!.usage;

  it('refuses a file over the key’s largest, known or found out while it streams, and keeps nothing', async () => {
    const key = await keyWith({ quota_file_bytes: 10 * KB });
    expect(await outcome(share(key.principal, 11 * KB))).toBe('too_large:quotaFileBytes');
    expect(await outcome(share(key.principal, 11 * KB, false))).toBe('too_large:quotaFileBytes');
    expect(await outcome(share(key.principal, 10 * KB))).toBe('allowed');
    expect(await m.ctx.db.fileShare.count({ where: { createdBy: `apikey:${key.id}` } })).toBe(1);
    expect(await usageOf(key.id)).toEqual({ storedBytes: 10 * KB, dayBytes: 10 * KB, dayShares: 1 });
  });

  it('holds the total its shares may store, and deleting a share makes room again', async () => {
    const key = await keyWith({ quota_bytes: 30 * KB });
    const first = await share(key.principal, 20 * KB);
    const refused = await share(key.principal, 11 * KB).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: 'insufficient_storage', messageKey: 'quotaBytes' });
    expect((refused as { details: unknown }).details).toEqual({ max: '30 KB', left: '10 KB' });
    await deleteFiles(m.ctx, key.principal, [first.id], 'both');
    expect(await outcome(share(key.principal, 25 * KB))).toBe('allowed');
    expect((await usageOf(key.id)).storedBytes).toBe(25 * KB);
  });

  it('keeps charging for what a share deleted "record only" left in storage, until it is gone (issue 42, item 9)', async () => {
    const key = await keyWith({ quota_bytes: 30 * KB });
    const shares = [await share(key.principal, 10 * KB), await share(key.principal, 10 * KB)];
    const row = (await m.ctx.db.fileShare.findUnique({
      where: { id: shares[0]!.id },
      include: { storageConfig: true },
    }))!;
    expect(row.storagePath.startsWith('.cloudclip-shares/')).toBe(true);
    expect(
      (
        await deleteFiles(
          m.ctx,
          key.principal,
          shares.map((s) => s.id),
          'record_only',
        )
      ).success,
    ).toBe(2);
    // The bytes stay, and count: the room is 10 KB, not 30 KB.
    expect(await outcome(share(key.principal, 11 * KB))).toBe('insufficient_storage:quotaBytes');
    expect((await usageOf(key.id)).storedBytes).toBe(20 * KB);
    // Where a mount of the storage (and the bucket's own tools) reach it, no longer in the app's reserved prefix.
    const driver = m.ctx.storage.driverFor(row.storageConfig);
    const kept = row.storagePath.slice('.cloudclip-shares/'.length);
    expect(await driver.stat(row.storagePath)).toBeNull();
    expect((await driver.stat(kept))?.size).toBe(10 * KB);
    // One removed in storage: the sweeper sees it gone and frees its room; the other still counts.
    expect(await sweepKeptObjects(m.ctx)).toBe(0);
    await driver.remove([kept]);
    expect(await sweepKeptObjects(m.ctx)).toBe(1);
    expect((await usageOf(key.id)).storedBytes).toBe(10 * KB);
  });

  it('counts bytes per day through every door, the explorer and text edits included', async () => {
    const key = await keyWith({ quota_day_bytes: 10 * KB });
    await writeTextFile(m.ctx, key.principal, '/mem/day.txt', 'x'.repeat(4 * KB));
    const upload = (size: number) =>
      uploadToFolder(m.ctx, key.principal, '/mem/', 'up.bin', Readable.from([Buffer.alloc(size)]));
    expect(await outcome(upload(7 * KB))).toBe('insufficient_storage:quotaDayBytes');
    const listing = await listDirectory(m.ctx, ADMIN, '/mem/');
    expect(listing.kind === 'directory' && listing.items.map((i) => i.name)).not.toContain('up.bin');
    expect(await outcome(upload(6 * KB))).toBe('allowed');
    expect(await outcome(writeTextFile(m.ctx, key.principal, '/mem/more.txt', 'y'))).toBe(
      'insufficient_storage:quotaDayBytes',
    );
    expect(await usageOf(key.id)).toMatchObject({ storedBytes: 0, dayBytes: 10 * KB });
  });

  it('counts pastes and file shares per day, and admins have no quotas', async () => {
    const key = await keyWith({ quota_day_shares: 2 });
    const paste = () => createPaste(m.ctx, key.principal, createPasteSchema.parse({ content: 'hi' }));
    await paste();
    await share(key.principal, 1);
    expect(await outcome(paste())).toBe('insufficient_storage:quotaDayShares');
    expect(await outcome(share(key.principal, 1))).toBe('insufficient_storage:quotaDayShares');
    expect(await outcome(createPaste(m.ctx, ADMIN, createPasteSchema.parse({ content: 'admin' })))).toBe('allowed');
    await updateApiKey(m.ctx, ADMIN, key.id, updateApiKeySchema.parse({ quota_day_shares: null }));
    expect(await outcome(paste())).toBe('allowed');
  });

  it('lets twenty uploads racing for the same room store exactly what fits', async () => {
    const key = await keyWith({ quota_bytes: 5 * 8 * KB });
    const results = await Promise.all(Array.from({ length: 20 }, () => outcome(share(key.principal, 8 * KB))));
    expect(results.filter((r) => r === 'allowed')).toHaveLength(5);
    expect(results.filter((r) => r === 'insufficient_storage:quotaBytes')).toHaveLength(15);
    expect(await m.ctx.db.fileShare.count({ where: { createdBy: `apikey:${key.id}` } })).toBe(5);
    expect(await m.ctx.db.quotaCharge.count({ where: { keyId: key.id, pending: true } })).toBe(0);
  });

  it('forgets days that no longer count, and holds a killed process left', async () => {
    const key = await keyWith({});
    await m.ctx.db.quotaCharge.createMany({
      data: [
        { id: 'old-day', keyId: key.id, day: '2020-01-01', bytes: 5n, pending: false },
        { id: 'old-hold', keyId: key.id, day: '2020-01-01', bytes: 5n, pending: false, held: true },
        { id: 'stale', keyId: key.id, day: '2020-01-01', bytes: 5n, createdAt: new Date(0) },
      ],
    });
    expect(await pruneQuotaCharges(m.ctx)).toBe(2);
    const left = await m.ctx.db.quotaCharge.findMany({ where: { keyId: key.id }, select: { id: true } });
    expect(left.map((c) => c.id)).toEqual(['old-hold']); // a share still stored keeps counting
  });
});

describe('largestUpload', () => {
  const quotas = { bytes: 100, dayBytes: 60, dayShares: null, fileBytes: 50 };
  const usage = { storedBytes: 70, dayBytes: 20, dayShares: 0 };

  it('is the site limit for an admin or a key without limits', () => {
    expect(largestUpload(1000, null, { stored: true })).toBe(1000);
    const none = { bytes: null, dayBytes: null, dayShares: null, fileBytes: null };
    expect(largestUpload(1000, { quotas: none, usage }, { stored: true })).toBe(1000);
  });

  it('narrows to the key’s largest file, what is left today and, for a share, of its total', () => {
    expect(largestUpload(1000, { quotas, usage }, { stored: false })).toBe(40); // 60 a day, 20 used
    expect(largestUpload(1000, { quotas, usage }, { stored: true })).toBe(30); // 100 stored at most, 70 held
    expect(largestUpload(10, { quotas, usage }, { stored: true })).toBe(10);
    expect(largestUpload(1000, { quotas, usage: { ...usage, storedBytes: 120 } }, { stored: true })).toBe(0);
  });
});
