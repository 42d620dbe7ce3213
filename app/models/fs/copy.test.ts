import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, keyWith, outcome, putObject, readObject, type FsModels } from '../../../tests/support/fs-models';
import { batchCopy } from './batch-copy.server';
import { copiesIntoItself, copyFile, expandCopy, planCopy, removeMovedFolders, type CopyOptions } from './copy.server';

/**
 * Copy planning and copying (docs/product/spec.md §5 "Folder copy", docs/architecture.md §10): the
 * names a copy takes, what it refuses, the files a folder expands to, and the bytes that arrive —
 * within one storage config and across two (the memory driver and the local disk).
 */
describe('fs copy', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
    await putObject(m.memory, 'src/readme.txt', 'hello');
    await putObject(m.memory, 'src/deep/inner.bin', 'inner bytes');
    await m.memory.createFolder('src/empty/');
    await putObject(m.memory, 'Makefile', 'all:');
    await putObject(m.memory, '.env', 'SECRET=1');
  });
  afterAll(() => m.close());

  const COPY: CopyOptions = { skipExisting: false, move: false };
  const plan = (sourcePath: string, targetPath: string, options: Partial<CopyOptions> = {}) =>
    planCopy(m.ctx, ADMIN, [{ sourcePath, targetPath }], { ...COPY, ...options });
  /** Plans, expands and copies, as a task does. */
  const run = async (sourcePath: string, targetPath: string, options: Partial<CopyOptions> = {}) => {
    const o = { ...COPY, ...options };
    const planned = await planCopy(m.ctx, ADMIN, [{ sourcePath, targetPath }], o);
    const jobs = await expandCopy(m.ctx, ADMIN, planned, o);
    const results = [];
    for (const job of jobs) results.push(await copyFile(m.ctx, job, o, () => {}));
    if (o.move) await removeMovedFolders(m.ctx, ADMIN, planned);
    return { planned, jobs, results };
  };

  it('tells a folder copied into itself by segment', () => {
    expect(copiesIntoItself({ sourcePath: '/mem/a/', targetPath: '/mem/a/b/' })).toBe(true);
    expect(copiesIntoItself({ sourcePath: '/mem/a/', targetPath: '/mem/ab/' })).toBe(false);
    expect(copiesIntoItself({ sourcePath: '/mem/a.txt', targetPath: '/mem/a.txt/b' })).toBe(false);
  });

  describe('planning', () => {
    it('keeps a free destination as asked', async () => {
      expect(await plan('/mem/src/readme.txt', '/mem/out/readme.txt')).toEqual([
        { sourcePath: '/mem/src/readme.txt', targetPath: '/mem/out/readme.txt', isDirectory: false },
      ]);
    });

    it('numbers a taken name before its extension, the next free one each time', async () => {
      await putObject(m.memory, 'dup/readme.txt', 'taken');
      expect((await plan('/mem/src/readme.txt', '/mem/dup/readme.txt'))[0]?.targetPath).toBe('/mem/dup/readme(1).txt');
      await putObject(m.memory, 'dup/readme(1).txt', 'taken');
      expect((await plan('/mem/src/readme.txt', '/mem/dup/readme.txt'))[0]?.targetPath).toBe('/mem/dup/readme(2).txt');
    });

    it('numbers a whole folder name, a name without an extension and a dot-file', async () => {
      await putObject(m.memory, 'dup/src/other.txt', 'taken');
      expect((await plan('/mem/src/', '/mem/dup/src/'))[0]).toMatchObject({
        targetPath: '/mem/dup/src(1)/',
        isDirectory: true,
      });
      await putObject(m.memory, 'out2/Makefile', 'x');
      expect((await plan('/mem/Makefile', '/mem/out2/Makefile'))[0]?.targetPath).toBe('/mem/out2/Makefile(1)');
      await putObject(m.memory, 'out2/.env', 'x');
      expect((await plan('/mem/.env', '/mem/out2/.env'))[0]?.targetPath).toBe('/mem/out2/.env(1)');
    });

    it('skips a taken file with skipExisting, and merges into a taken folder', async () => {
      await putObject(m.memory, 'merge/readme.txt', 'old');
      expect((await plan('/mem/src/readme.txt', '/mem/merge/readme.txt', { skipExisting: true }))[0]?.skipped).toBe(
        true,
      );
      expect((await plan('/mem/src/', '/mem/merge/', { skipExisting: true }))[0]).toMatchObject({
        targetPath: '/mem/merge/',
        skipped: false,
      });
    });

    it('refuses a copy onto itself, a move into itself, a missing source and nothing to copy', async () => {
      expect(await outcome(plan('/mem/src/readme.txt', '/mem/src/readme.txt'))).toBe('invalid:copyOntoItself');
      expect(await outcome(plan('/mem/src/', '/mem/src'))).toBe('invalid:copyOntoItself');
      expect(await outcome(plan('/mem/src/', '/mem/src/deep/moved/', { move: true }))).toBe(
        'invalid:fsRenameIntoItself',
      );
      expect(await outcome(plan('/mem/none.txt', '/mem/x.txt'))).toBe('not_found:fsNotFound');
      expect(await outcome(planCopy(m.ctx, ADMIN, [], COPY))).toBe('invalid:copyItemsRequired');
    });

    it('asks MOUNT_COPY on both ends, MOUNT_DELETE of a move, and the base path of each', async () => {
      const copier = keyWith(Permission.MOUNT_COPY, '/mem/src');
      const p = (key: typeof copier, from: string, to: string, move = false) =>
        outcome(planCopy(m.ctx, key, [{ sourcePath: from, targetPath: to }], { ...COPY, move }));
      expect(await p(copier, '/mem/src/readme.txt', '/mem/src/copy.txt')).toBe('allowed');
      expect(await p(copier, '/mem/src/readme.txt', '/mem/copy.txt')).toBe('forbidden:fsOutsideBasePath');
      expect(await p(copier, '/mem/src/readme.txt', '/mem/src/moved.txt', true)).toBe('forbidden:permissionRequired');
      const mover = keyWith(Permission.MOUNT_COPY | Permission.MOUNT_DELETE, '/mem/src');
      expect(await p(mover, '/mem/src/readme.txt', '/mem/src/moved.txt', true)).toBe('allowed');
      expect(await p(keyWith(Permission.MOUNT_DELETE), '/mem/src/readme.txt', '/mem/x.txt', true)).toBe(
        'forbidden:permissionRequired',
      );
    });
  });

  describe('copying', () => {
    it('expands a folder to its files and makes its folders, empty ones too', async () => {
      const { jobs } = await run('/mem/src/', '/mem/copied/');
      expect(jobs.map((j) => j.targetKey).sort()).toEqual(['copied/deep/inner.bin', 'copied/readme.txt']);
      expect(await readObject(m.memory, 'copied/deep/inner.bin')).toBe('inner bytes');
      expect((await m.memory.list('copied/', { delimiter: '/' })).prefixes).toContain('copied/empty/');
    });

    it('copies a folder into itself once, never its own copy again', async () => {
      await putObject(m.memory, 'loop/a.txt', 'a');
      const { jobs } = await run('/mem/loop/', '/mem/loop/inside/');
      expect(jobs.map((j) => j.targetKey)).toEqual(['loop/inside/a.txt']);
      expect(await readObject(m.memory, 'loop/inside/a.txt')).toBe('a');
    });

    it('streams across storages, byte for byte, counting every byte', async () => {
      let counted = 0;
      const planned = await planCopy(m.ctx, ADMIN, [{ sourcePath: '/mem/src/', targetPath: '/disk/from-mem/' }], COPY);
      const jobs = await expandCopy(m.ctx, ADMIN, planned, COPY);
      for (const job of jobs) await copyFile(m.ctx, job, COPY, (n) => (counted += n));
      expect(fs.readFileSync(path.join(m.diskRoot, 'from-mem/deep/inner.bin'), 'utf8')).toBe('inner bytes');
      expect(fs.statSync(path.join(m.diskRoot, 'from-mem/empty')).isDirectory()).toBe(true);
      expect(counted).toBe('hello'.length + 'inner bytes'.length);
    });

    it('moves across storages: each source goes once it arrived, then its emptied folders', async () => {
      await putObject(m.memory, 'moving/a.txt', 'a');
      await putObject(m.memory, 'moving/sub/b.txt', 'b');
      await run('/mem/moving/', '/disk/moved/', { move: true });
      expect(fs.readFileSync(path.join(m.diskRoot, 'moved/sub/b.txt'), 'utf8')).toBe('b');
      expect(await m.memory.stat('moving/a.txt')).toBeNull();
      expect((await m.memory.list('', { delimiter: '/' })).prefixes).not.toContain('moving/');
    });

    it('never overwrites a file that arrived after planning; skips it with skipExisting, counts a same-size one as done on a rerun', async () => {
      await putObject(m.memory, 'again/x.txt', 'same');
      const planned = await planCopy(
        m.ctx,
        ADMIN,
        [{ sourcePath: '/mem/again/x.txt', targetPath: '/mem/again/y.txt' }],
        COPY,
      );
      const [job] = await expandCopy(m.ctx, ADMIN, planned, COPY);
      await putObject(m.memory, 'again/y.txt', 'SAME'); // arrived after planning, same size
      let counted = 0;
      expect(await copyFile(m.ctx, job!, { ...COPY, skipExisting: true }, () => {})).toBe('skipped');
      expect(await outcome(copyFile(m.ctx, job!, COPY, () => {}))).toBe('conflict:copyTargetTaken');
      expect(await readObject(m.memory, 'again/y.txt')).toBe('SAME');
      expect(await copyFile(m.ctx, job!, { ...COPY, resumed: true }, (n) => (counted += n))).toBe('copied');
      expect(counted).toBe(4);
      expect(await readObject(m.memory, 'again/y.txt')).toBe('SAME'); // not copied again
      await putObject(m.memory, 'again/y.txt', 'someone else’s'); // another size: never ours
      expect(await outcome(copyFile(m.ctx, job!, { ...COPY, resumed: true }, () => {}))).toBe(
        'conflict:copyTargetTaken',
      );
      expect(await copyFile(m.ctx, job!, { ...COPY, replace: true }, () => {})).toBe('copied');
      expect(await readObject(m.memory, 'again/y.txt')).toBe('same');
    });

    it('holds a copy across storages to COPY_BYTES_PER_SECOND', async () => {
      await putObject(m.memory, 'paced.bin', Buffer.alloc(256 * 1024));
      const planned = await planCopy(
        m.ctx,
        ADMIN,
        [{ sourcePath: '/mem/paced.bin', targetPath: '/disk/paced.bin' }],
        COPY,
      );
      const [job] = await expandCopy(m.ctx, ADMIN, planned, COPY);
      const unpaced = Date.now();
      await copyFile(m.ctx, job!, { ...COPY, replace: true }, () => {});
      const fast = Date.now() - unpaced;
      m.ctx.config.copyBytesPerSecond = 512 * 1024;
      try {
        const paced = Date.now();
        await copyFile(m.ctx, job!, { ...COPY, replace: true }, () => {});
        // 256 KiB at 512 KiB/s: half a second, where the copy alone takes a few milliseconds.
        expect(Date.now() - paced).toBeGreaterThanOrEqual(400);
        expect(fast).toBeLessThan(400);
      } finally {
        m.ctx.config.copyBytesPerSecond = 0;
      }
      expect(fs.statSync(path.join(m.diskRoot, 'paced.bin')).size).toBe(256 * 1024);
    });

    it('stops a copy whose progress callback throws, leaving no object behind', async () => {
      await putObject(m.memory, 'stop/big.bin', Buffer.alloc(300_000));
      const planned = await planCopy(
        m.ctx,
        ADMIN,
        [{ sourcePath: '/mem/stop/big.bin', targetPath: '/disk/stopped.bin' }],
        COPY,
      );
      const [job] = await expandCopy(m.ctx, ADMIN, planned, COPY);
      const stopped = copyFile(m.ctx, job!, COPY, () => {
        throw new Error('cancelled');
      });
      await expect(stopped).rejects.toThrow('cancelled');
      expect(fs.existsSync(path.join(m.diskRoot, 'stopped.bin'))).toBe(false);
    });
  });

  describe("the v0.7.3 client's batch copy", () => {
    it('copies within one storage at once and reports each item', async () => {
      const answer = await batchCopy(
        m.ctx,
        ADMIN,
        [{ sourcePath: '/mem/src/readme.txt', targetPath: '/mem/bc.txt' }],
        'http://x',
      );
      expect(answer).toMatchObject({ crossStorage: false, success: 1, failed: 0 });
      expect(await readObject(m.memory, 'bc.txt')).toBe('hello');
    });

    it('reports a missing source by its message key, and goes on', async () => {
      const answer = await batchCopy(
        m.ctx,
        ADMIN,
        [
          { sourcePath: '/mem/none.txt', targetPath: '/mem/x.txt' },
          { sourcePath: '/mem/src/readme.txt', targetPath: '/mem/bc2.txt' },
        ],
        'http://x',
      );
      expect(answer).toMatchObject({ crossStorage: false, success: 1, failed: 1 });
      expect(answer.details[0]).toMatchObject({ status: 'failed', message: 'fsNotFound' });
    });
  });
});
