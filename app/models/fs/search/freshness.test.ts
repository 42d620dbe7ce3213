import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INDEX_BATCH } from '~/storage/vfs/search-index.server';
import { Permission } from '~/lib/permissions';
import { ADMIN } from '../../../../tests/support/principals';
import {
  found,
  fsModels,
  keyWith,
  outcome,
  putObject,
  putOnDisk,
  type FsModels,
} from '../../../../tests/support/fs-models';
import { commitBatchCopy } from '../batch-copy.server';
import { listDirectory } from '../browse.server';
import { copyFile, expandCopy, planCopy } from '../copy.server';
import { davDelete, davMove, davPut } from '../dav/write.server';
import { commitFsUpload, presignFsUpload } from '../direct.server';
import { makeFolder, removePaths, renamePath, uploadToFolder, writeTextFile } from '../write.server';
import { rescanMount } from './indexing.server';
import { searchFs } from './search.server';

/**
 * The search index follows every write path at once (docs/architecture.md §9, write-through through
 * afterWrite), catches up with what changed behind the app's back when a folder is listed, and is
 * repaired whole by a rescan. Each test names files of its own, so what one finds is its own doing.
 */
describe('search index freshness', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
  });
  afterAll(() => m.close());

  const body = (text: string) => Readable.from([Buffer.from(text)]);
  const COPY = { skipExisting: false, move: false };

  it('finds nothing for a name never written (the check below can fail)', async () => {
    expect(await found(m.ctx, 'never-written')).toEqual([]);
  });

  it('mkdir, a text edit and an upload are searchable at once, with the folders above them', async () => {
    await makeFolder(m.ctx, ADMIN, '/mem/alpha-folder/');
    await writeTextFile(m.ctx, ADMIN, '/mem/alpha-folder/alpha-notes.md', '# a');
    await uploadToFolder(m.ctx, ADMIN, '/mem/alpha-folder/inner/', 'alpha-photo.jpg', body('jpeg'));
    expect(await found(m.ctx, 'alpha')).toEqual([
      '/mem/alpha-folder/',
      '/mem/alpha-folder/alpha-notes.md',
      '/mem/alpha-folder/inner/alpha-photo.jpg',
    ]);
  });

  it('a removed folder takes everything under it out of the index', async () => {
    await writeTextFile(m.ctx, ADMIN, '/mem/beta/one-beta.txt', '1');
    await writeTextFile(m.ctx, ADMIN, '/mem/beta/deep/two-beta.txt', '2');
    expect(await found(m.ctx, '-beta')).toHaveLength(2);
    await removePaths(m.ctx, ADMIN, ['/mem/beta/']);
    expect(await found(m.ctx, 'beta')).toEqual([]);
  });

  it('a renamed folder moves everything under it', async () => {
    await writeTextFile(m.ctx, ADMIN, '/mem/gamma-old/gamma-file.txt', 'g');
    await renamePath(m.ctx, ADMIN, '/mem/gamma-old/', '/mem/gamma-new/');
    expect(await found(m.ctx, 'gamma')).toEqual(['/mem/gamma-new/', '/mem/gamma-new/gamma-file.txt']);
  });

  it('a copy task and a move are searchable where they went, and a move is gone where it was', async () => {
    await writeTextFile(m.ctx, ADMIN, '/mem/delta/delta-report.txt', 'd');
    for (const [to, move] of [
      ['/disk/delta-copy/', false],
      ['/disk/delta-moved/', true],
    ] as const) {
      const options = { ...COPY, move };
      const planned = await planCopy(m.ctx, ADMIN, [{ sourcePath: '/mem/delta/', targetPath: to }], options);
      for (const job of await expandCopy(m.ctx, ADMIN, planned, options)) await copyFile(m.ctx, job, options, () => {});
    }
    expect(await found(m.ctx, 'delta-report')).toEqual([
      '/disk/delta-copy/delta-report.txt',
      '/disk/delta-moved/delta-report.txt',
    ]);
  });

  it("WebDAV PUT, MOVE and DELETE are followed; Finder's files are stored but never indexed", async () => {
    await davPut(m.ctx, ADMIN, '/mem/epsilon-dav.txt', body('e'), {});
    await davPut(m.ctx, ADMIN, '/mem/._epsilon-dav.txt', body('apple double'), {});
    expect(await m.memory.stat('._epsilon-dav.txt')).not.toBeNull();
    expect(await found(m.ctx, 'epsilon')).toEqual(['/mem/epsilon-dav.txt']);
    await davMove(m.ctx, ADMIN, '/mem/epsilon-dav.txt', '/mem/epsilon-moved.txt');
    expect(await found(m.ctx, 'epsilon')).toEqual(['/mem/epsilon-moved.txt']);
    await davDelete(m.ctx, ADMIN, '/mem/epsilon-moved.txt');
    expect(await found(m.ctx, 'epsilon')).toEqual([]);
  });

  it("a browser upload's commit and the v0.7.3 client's copy commit index what storage holds", async () => {
    const presigned = await presignFsUpload(m.ctx, ADMIN, { path: '/disk/', fileName: 'zeta-direct.bin' });
    // The browser's PUT lands on the pending key (issue 42, item 1), which no listing or search sees.
    putOnDisk(m.diskRoot, `.cloudclip-pending-fs/${presigned.skipped ? '' : presigned.fileId}`, 'put by the browser');
    putOnDisk(m.diskRoot, 'zeta-carried.bin', 'carried by the browser');
    expect(await found(m.ctx, 'zeta')).toEqual([]); // behind the app's back: not yet
    await commitFsUpload(m.ctx, ADMIN, { fileId: presigned.skipped ? undefined : presigned.fileId });
    await commitBatchCopy(m.ctx, ADMIN, m.mounts.disk.id, [{ targetPath: '/disk/zeta-carried.bin' }]);
    expect(await found(m.ctx, 'zeta')).toEqual(['/disk/zeta-carried.bin', '/disk/zeta-direct.bin']);
    const [hit] = (await searchFs(m.ctx, ADMIN, { query: 'zeta-direct', scope: 'global', limit: 5, offset: 0 }))
      .results;
    expect(hit?.size).toBe('put by the browser'.length);
  });

  it('a listing takes in what changed behind the back of the app, and drops what went', async () => {
    await putObject(m.memory, 'lambda/lambda-outside.txt', 'new');
    await writeTextFile(m.ctx, ADMIN, '/mem/lambda/lambda-inside.txt', 'known');
    await m.memory.remove(['lambda/lambda-inside.txt']);
    expect(await found(m.ctx, 'lambda-')).toEqual(['/mem/lambda/lambda-inside.txt']);
    await listDirectory(m.ctx, ADMIN, '/mem/lambda/');
    expect(await found(m.ctx, 'lambda-')).toEqual(['/mem/lambda/lambda-outside.txt']);
  });

  it('a big folder listed is searchable a batch at once, the rest once the listing has been answered', async () => {
    const name = (i: number) => `kappa-${String(i).padStart(4, '0')}.txt`;
    for (let i = 0; i < INDEX_BATCH + 20; i++) await putObject(m.memory, `kappa/${name(i)}`, 'k');
    await listDirectory(m.ctx, ADMIN, '/mem/kappa/');
    const last = `/mem/kappa/${name(INDEX_BATCH + 19)}`;
    expect(await found(m.ctx, name(0))).toEqual([`/mem/kappa/${name(0)}`]);
    expect(await found(m.ctx, name(INDEX_BATCH + 19))).toEqual([]);
    await vi.waitFor(async () => expect(await found(m.ctx, name(INDEX_BATCH + 19))).toEqual([last]), {
      timeout: 5000,
      interval: 100,
    });
  });

  it('a rescan repairs a whole mount, folders below the listed ones too', async () => {
    await putObject(m.memory, 'theta/deep/deeper/theta-hidden.txt', 'h');
    expect(await found(m.ctx, 'theta-hidden')).toEqual([]);
    expect(await rescanMount(m.ctx, m.mounts.mem.id, m.memory)).toBe(true);
    expect(await found(m.ctx, 'theta-hidden')).toEqual(['/mem/theta/deep/deeper/theta-hidden.txt']);
  });

  it('answers a key within its base path only, by segment, and refuses a query too short or with control characters', async () => {
    await writeTextFile(m.ctx, ADMIN, '/mem/team/iota-in.txt', 'i');
    await writeTextFile(m.ctx, ADMIN, '/mem/teammate/iota-out.txt', 'o');
    expect(await found(m.ctx, 'iota', keyWith(Permission.MOUNT_VIEW, '/mem/team'))).toEqual(['/mem/team/iota-in.txt']);
    expect(await outcome(searchFs(m.ctx, ADMIN, { query: 'i', scope: 'global', limit: 5, offset: 0 }))).toBe(
      'invalid:searchQueryTooShort',
    );
    // A NUL (which PostgreSQL refuses in text) or another control character is a mistake, never a 500.
    expect(await outcome(searchFs(m.ctx, ADMIN, { query: 'io\u0000ta', scope: 'global', limit: 5, offset: 0 }))).toBe(
      'invalid:searchQueryInvalid',
    );
  });
});
