import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '~/auth/principal';
import { Permission } from '~/lib/permissions';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { createApiKey } from '~/models/accounts/api-keys.server';
import { quotaUsage } from '~/models/quotas/quotas.server';
import { ADMIN, keyPrincipal } from '../../../../tests/support/principals';
import { fsModels, outcome, putObject, readObject, type FsModels } from '../../../../tests/support/fs-models';
import { davDelete, davMove, davPut } from '../dav/write.server';
import { listDirectory } from '../browse.server';
import { removePaths, writeTextFile } from '../write.server';
import { emptyBin, listBin, purgeFromBin, restoreFromBin, sweepBin } from './manage.server';
import { setRetentionDays } from '~/models/settings/settings-admin.server';

/**
 * The recycle bin (issue 42, item 15) on the real models, over a memory storage (`/mem`) and the
 * local disk (`/disk`): deletes and overwrites through every door keep the old bytes; restore puts
 * them back (beside what took the name meanwhile); the retention, the sweeper, the key's quota and
 * its base path hold.
 */
describe('the recycle bin', () => {
  let m: FsModels;
  const ALL = Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD | Permission.MOUNT_DELETE;
  const key = async (name: string, permissions: number, basic_path = '/', quotas: Record<string, number> = {}) => {
    const made = await createApiKey(
      m.ctx,
      ADMIN,
      createApiKeySchema.parse({ name, permissions, expires_at: 'never', basic_path, ...quotas }),
    );
    return { ...keyPrincipal(made.id, permissions, basic_path), name } as Principal;
  };
  const names = async (dir: string) => {
    const listing = await listDirectory(m.ctx, ADMIN, dir);
    return listing.kind === 'directory' ? listing.items.map((i) => i.name).sort() : [];
  };
  const binPaths = async (principal: Principal = ADMIN) => (await listBin(m.ctx, principal)).entries.map((e) => e.path);

  beforeAll(async () => {
    m = await fsModels();
  });
  afterAll(() => m.close());

  for (const mount of ['/mem', '/disk']) {
    it(`${mount}: a deleted file and folder wait in the bin, and come back where they were`, async () => {
      await writeTextFile(m.ctx, ADMIN, `${mount}/notes.txt`, 'my notes');
      await writeTextFile(m.ctx, ADMIN, `${mount}/album/one.txt`, 'one');
      await writeTextFile(m.ctx, ADMIN, `${mount}/album/deep/two.txt`, 'two');
      expect(await removePaths(m.ctx, ADMIN, [`${mount}/notes.txt`, `${mount}/album/`])).toMatchObject({ success: 2 });
      expect(await names(`${mount}/`)).not.toContain('notes.txt');
      const entries = (await listBin(m.ctx, ADMIN, { under: mount })).entries;
      expect(entries.map((e) => [e.path, e.isFolder, e.files, e.reason, e.deletedBy])).toEqual([
        [`${mount}/album`, true, 2, 'deleted', 'admin'],
        [`${mount}/notes.txt`, false, 1, 'deleted', 'admin'],
      ]);
      // Someone wrote the name meanwhile: the restore goes beside it.
      await writeTextFile(m.ctx, ADMIN, `${mount}/notes.txt`, 'newer notes');
      for (const entry of entries) await restoreFromBin(m.ctx, ADMIN, entry.id);
      expect(await names(`${mount}/`)).toEqual(expect.arrayContaining(['album', 'notes (2).txt', 'notes.txt']));
      expect(await names(`${mount}/album/deep/`)).toEqual(['two.txt']);
      expect(await binPaths()).not.toContain(`${mount}/notes.txt`);
    });
  }

  it('keeps what an overwrite replaces, through the explorer, WebDAV and its "write a temp, delete, rename" saves', async () => {
    await writeTextFile(m.ctx, ADMIN, '/mem/doc.md', 'first');
    await writeTextFile(m.ctx, ADMIN, '/mem/doc.md', 'second');
    await davPut(m.ctx, ADMIN, '/mem/doc.md', Readable.from([Buffer.from('third')]), { size: 5 });
    // A WebDAV client's safe save: the new version under a temp name, the old deleted, the temp renamed.
    await davPut(m.ctx, ADMIN, '/mem/.doc.md.tmp', Readable.from([Buffer.from('fourth')]), { size: 6 });
    await davDelete(m.ctx, ADMIN, '/mem/doc.md');
    await davMove(m.ctx, ADMIN, '/mem/.doc.md.tmp', '/mem/doc.md');
    expect(await readObject(m.memory, 'doc.md')).toBe('fourth');
    const kept = (await listBin(m.ctx, ADMIN)).entries.filter((e) => e.path === '/mem/doc.md');
    expect(kept.map((e) => [e.reason, e.size])).toEqual([
      ['deleted', 5],
      ['replaced', 6],
      ['replaced', 5],
    ]);
  });

  it('counts what a key deleted toward its quota while the bin keeps it, and never refuses a delete for it', async () => {
    const holder = await key('bin quota', ALL, '/', { quota_bytes: 10 });
    await putObject(m.memory, 'big.bin', Buffer.alloc(30, 1));
    expect(await removePaths(m.ctx, holder, ['/mem/big.bin'])).toMatchObject({ success: 1 });
    const usage = async () =>
      (await quotaUsage(m.ctx, [(holder as { keyId: string }).keyId])).get((holder as { keyId: string }).keyId);
    expect(await usage()).toMatchObject({ storedBytes: 30, dayBytes: 0 });
    const [entry] = (await listBin(m.ctx, holder)).entries.filter((e) => e.path === '/mem/big.bin');
    await purgeFromBin(m.ctx, holder, [entry!.id]);
    expect(await usage()).toMatchObject({ storedBytes: 0 });
  });

  it("shows a key its base path's entries only; restoring needs the upload bit, deleting for good the delete bit", async () => {
    await writeTextFile(m.ctx, ADMIN, '/mem/team/plan.txt', 'plan');
    await writeTextFile(m.ctx, ADMIN, '/mem/other/secret.txt', 'secret');
    await removePaths(m.ctx, ADMIN, ['/mem/team/plan.txt', '/mem/other/secret.txt']);
    const team = await key('team', Permission.MOUNT_VIEW, '/mem/team');
    expect(await binPaths(team)).toEqual(['/mem/team/plan.txt']);
    const [entry] = (await listBin(m.ctx, team)).entries;
    expect(await outcome(restoreFromBin(m.ctx, team, entry!.id))).toBe('forbidden:permissionRequired');
    expect(await outcome(purgeFromBin(m.ctx, team, [entry!.id]))).toBe('forbidden:permissionRequired');
    const secret = (await listBin(m.ctx, ADMIN)).entries.find((e) => e.path === '/mem/other/secret.txt')!;
    const teamAll = await key('team all', ALL, '/mem/team');
    expect(await outcome(restoreFromBin(m.ctx, teamAll, secret.id))).toBe('not_found:binEntryNotFound');
    expect((await restoreFromBin(m.ctx, teamAll, entry!.id)).path).toBe('/mem/team/plan.txt');
  });

  it('keeps nothing with retention 0, and the sweeper empties what is older than the retention', async () => {
    await setRetentionDays(m.ctx, ADMIN, 'bin_retention_days', '2');
    const before = (await listBin(m.ctx, ADMIN)).entries.length;
    expect(before).toBeGreaterThan(0);
    expect(await sweepBin(m.ctx, Date.now() + 3 * 86_400_000)).toBe(before);
    expect((await listBin(m.ctx, ADMIN)).entries).toEqual([]);
    await setRetentionDays(m.ctx, ADMIN, 'bin_retention_days', '0');
    await writeTextFile(m.ctx, ADMIN, '/mem/gone.txt', 'gone');
    await removePaths(m.ctx, ADMIN, ['/mem/gone.txt']);
    expect(await readObject(m.memory, 'gone.txt')).toBeNull();
    expect((await listBin(m.ctx, ADMIN)).entries).toEqual([]);
    expect(await outcome(setRetentionDays(m.ctx, ADMIN, 'bin_retention_days', '-1'))).toBe(
      'invalid:binRetentionInvalid',
    );
    await setRetentionDays(m.ctx, ADMIN, 'bin_retention_days', '30');
    expect(await emptyBin(m.ctx, ADMIN)).toBe(0);
  });
});
