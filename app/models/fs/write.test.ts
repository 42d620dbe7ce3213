import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, keyWith, outcome, putObject, readObject, type FsModels } from '../../../tests/support/fs-models';
import { listDirectory } from './browse.server';
import {
  makeFolder,
  removePaths,
  renamePath,
  uploadToFolder,
  writeTextFile,
  MAX_REMOVE_PATHS,
  MAX_TEXT_BYTES,
} from './write.server';

/**
 * Writes through the fs API (docs/product/api.md §3.10: mkdir, update, upload, batch-remove,
 * rename) on a memory driver and on the local disk: what is written, what is refused and why, and
 * that the next listing shows it although listings are cached.
 */
describe('fs writes', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
  });
  afterAll(() => m.close());

  const names = async (dir: string) => {
    const listing = await listDirectory(m.ctx, ADMIN, dir);
    return listing.kind === 'directory' ? listing.items.map((i) => i.name) : [];
  };

  describe('mkdir', () => {
    it('makes an empty folder that the cached listing shows at once', async () => {
      expect(await names('/mem/')).toEqual([]); // cached now
      await makeFolder(m.ctx, ADMIN, '/mem/projects/');
      expect(await names('/mem/')).toEqual(['projects']);
      await makeFolder(m.ctx, ADMIN, '/disk/projects');
      expect(fs.statSync(path.join(m.diskRoot, 'projects')).isDirectory()).toBe(true);
    });

    it('refuses a folder that exists, a missing parent, a mount root and the virtual root', async () => {
      await makeFolder(m.ctx, ADMIN, '/mem/taken/');
      expect(await outcome(makeFolder(m.ctx, ADMIN, '/mem/taken/'))).toBe('conflict:fsExists');
      await putObject(m.memory, 'file-here', 'x');
      expect(await outcome(makeFolder(m.ctx, ADMIN, '/mem/file-here/'))).toBe('conflict:fsExists');
      expect(await outcome(makeFolder(m.ctx, ADMIN, '/mem/no/such/parent/'))).toBe('conflict:fsParentMissing');
      expect(await outcome(makeFolder(m.ctx, ADMIN, '/mem'))).toBe('conflict:fsExists');
      expect(await outcome(makeFolder(m.ctx, ADMIN, '/'))).toBe('forbidden:fsRootReadOnly');
    });

    it('needs MOUNT_UPLOAD', async () => {
      expect(await outcome(makeFolder(m.ctx, keyWith(Permission.MOUNT_VIEW), '/mem/k/'))).toBe(
        'forbidden:permissionRequired',
      );
      expect(await outcome(makeFolder(m.ctx, keyWith(Permission.MOUNT_UPLOAD), '/mem/k/'))).toBe('allowed');
    });
  });

  describe('text files', () => {
    it('creates a file, then overwrites it, saying which it was', async () => {
      const created = await writeTextFile(m.ctx, ADMIN, '/mem/notes.md', '# one');
      expect(created).toMatchObject({ key: 'notes.md', isNewFile: true, contentType: 'text/markdown' });
      const again = await writeTextFile(m.ctx, ADMIN, '/mem/notes.md', '# two');
      expect(again.isNewFile).toBe(false);
      expect(await readObject(m.memory, 'notes.md')).toBe('# two');
    });

    it('refuses a folder path and a text over 10 MB before writing', async () => {
      expect(await outcome(writeTextFile(m.ctx, ADMIN, '/mem/folder/', 'x'))).toBe('invalid:fsNotAFile');
      expect(await outcome(writeTextFile(m.ctx, ADMIN, '/mem', 'x'))).toBe('invalid:fsNotAFile');
      const big = 'x'.repeat(MAX_TEXT_BYTES + 1);
      expect(await outcome(writeTextFile(m.ctx, ADMIN, '/mem/big.txt', big))).toBe('too_large:fsTextTooLarge');
      expect(await m.memory.stat('big.txt')).toBeNull();
    });
  });

  describe('uploads', () => {
    const body = (text: string) => Readable.from([Buffer.from(text)]);

    it('puts a file into a folder under its own name, without the folders a browser sends', async () => {
      const up = await uploadToFolder(m.ctx, ADMIN, '/mem/inbox/', 'C:\\Users\\me\\photo.jpg', body('jpeg'));
      expect(up).toMatchObject({ name: 'photo.jpg', key: 'inbox/photo.jpg', path: '/mem/inbox/photo.jpg', size: 4 });
      expect(up.contentType).toBe('image/jpeg');
    });

    it('writes onto the file path given when it already ends with the name', async () => {
      const up = await uploadToFolder(m.ctx, ADMIN, '/mem/inbox/report.pdf', 'report.pdf', body('pdf'));
      expect(up.key).toBe('inbox/report.pdf');
    });

    it('refuses a missing path and a name that is no name', async () => {
      expect(await outcome(uploadToFolder(m.ctx, ADMIN, undefined, 'a.txt', body('a')))).toBe('invalid:fsPathRequired');
      expect(await outcome(uploadToFolder(m.ctx, ADMIN, '/mem/', 'dir/', body('a')))).toBe('invalid:filenameInvalid');
    });

    it('cuts a stream off at the max upload size and keeps nothing of it', async () => {
      await m.ctx.db.setting.update({ where: { key: 'max_upload_size' }, data: { value: '1' } });
      try {
        const tooBig = Readable.from([Buffer.alloc(600_000), Buffer.alloc(600_000)]);
        expect(await outcome(uploadToFolder(m.ctx, ADMIN, '/disk/', 'big.bin', tooBig))).toMatch(/^too_large:/);
        expect(fs.existsSync(path.join(m.diskRoot, 'big.bin'))).toBe(false);
        expect(fs.readdirSync(m.diskRoot).filter((n) => n.includes('big.bin'))).toEqual([]);
      } finally {
        await m.ctx.db.setting.update({ where: { key: 'max_upload_size' }, data: { value: '100' } });
      }
    });
  });

  describe('remove', () => {
    it('removes files and whole folders, and the listing shows it at once', async () => {
      await putObject(m.memory, 'gone/a.txt', 'a');
      await putObject(m.memory, 'gone/deep/b.txt', 'b');
      await putObject(m.memory, 'single.txt', 's');
      expect(await names('/mem/')).toEqual(expect.arrayContaining(['gone', 'single.txt']));
      const result = await removePaths(m.ctx, ADMIN, ['/mem/gone/', '/mem/single.txt']);
      expect(result).toEqual({ success: 2, failed: [] });
      expect(await names('/mem/')).not.toEqual(expect.arrayContaining(['gone']));
      expect(await names('/mem/')).not.toContain('single.txt');
      expect(await m.memory.stat('gone/deep/b.txt')).toBeNull();
    });

    it('reports each failure by its message key and goes on with the rest', async () => {
      await putObject(m.memory, 'keep-going.txt', 'x');
      const result = await removePaths(m.ctx, ADMIN, ['/mem/missing.txt', '/mem', '/mem/keep-going.txt']);
      expect(result).toEqual({
        success: 1,
        failed: [
          { path: '/mem/missing.txt', error: 'fsNotFound' },
          { path: '/mem', error: 'fsRootReadOnly' },
        ],
      });
    });

    it('checks every path before removing any: one outside the base path refuses them all', async () => {
      await putObject(m.memory, 'team/inside.txt', 'x');
      await putObject(m.memory, 'elsewhere.txt', 'y');
      const key = keyWith(Permission.MOUNT_DELETE, '/mem/team');
      expect(await outcome(removePaths(m.ctx, key, ['/mem/team/inside.txt', '/mem/elsewhere.txt']))).toBe(
        'forbidden:fsOutsideBasePath',
      );
      expect(await m.memory.stat('team/inside.txt')).not.toBeNull();
      expect(await outcome(removePaths(m.ctx, ADMIN, []))).toBe('invalid:fsPathsRequired');
    });

    it('takes up to MAX_REMOVE_PATHS paths at once, on every door, and says so past it', async () => {
      await putObject(m.memory, 'many/kept.txt', 'x');
      const paths = Array.from({ length: MAX_REMOVE_PATHS }, (_, i) => `/mem/many/f${i}.txt`);
      const missing = await removePaths(m.ctx, ADMIN, paths);
      expect(missing.failed).toHaveLength(MAX_REMOVE_PATHS);
      const refused = removePaths(m.ctx, ADMIN, [...paths, '/mem/many/kept.txt']);
      await expect(refused).rejects.toMatchObject({ messageKey: 'fsTooManyPaths', details: { max: MAX_REMOVE_PATHS } });
      expect(await m.memory.stat('many/kept.txt')).not.toBeNull();
    });
  });

  describe('rename', () => {
    it('renames a file within its folder', async () => {
      await putObject(m.memory, 'r/old.txt', 'content');
      await renamePath(m.ctx, ADMIN, '/mem/r/old.txt', '/mem/r/new.txt');
      expect(await m.memory.stat('r/old.txt')).toBeNull();
      expect(await readObject(m.memory, 'r/new.txt')).toBe('content');
    });

    it('moves a folder with everything in it, empty sub-folders kept', async () => {
      await putObject(m.memory, 'album/one.jpg', '1');
      await putObject(m.memory, 'album/2026/two.jpg', '2');
      await m.memory.createFolder('album/empty/');
      await renamePath(m.ctx, ADMIN, '/mem/album/', '/mem/photos/');
      expect(await readObject(m.memory, 'photos/2026/two.jpg')).toBe('2');
      expect(await names('/mem/photos/')).toEqual(['2026', 'empty', 'one.jpg']);
      expect(await names('/mem/')).not.toContain('album');
    });

    it('on the local disk too', async () => {
      fs.mkdirSync(path.join(m.diskRoot, 'tree/sub'), { recursive: true });
      fs.writeFileSync(path.join(m.diskRoot, 'tree/sub/leaf.txt'), 'leaf');
      await renamePath(m.ctx, ADMIN, '/disk/tree/', '/disk/forest/');
      expect(fs.readFileSync(path.join(m.diskRoot, 'forest/sub/leaf.txt'), 'utf8')).toBe('leaf');
      expect(fs.existsSync(path.join(m.diskRoot, 'tree'))).toBe(false);
    });

    it('refuses a folder into itself, across mounts, a file into a folder, a taken name and a missing source', async () => {
      await putObject(m.memory, 'x/file.txt', 'x');
      await putObject(m.memory, 'y.txt', 'y');
      expect(await outcome(renamePath(m.ctx, ADMIN, '/mem/x/', '/mem/x/inner/'))).toBe('invalid:fsRenameIntoItself');
      expect(await outcome(renamePath(m.ctx, ADMIN, '/mem/y.txt', '/disk/y.txt'))).toBe('invalid:fsRenameAcrossMounts');
      expect(await outcome(renamePath(m.ctx, ADMIN, '/mem/y.txt', '/mem/z/'))).toBe('invalid:fsRenameKindMismatch');
      expect(await outcome(renamePath(m.ctx, ADMIN, '/mem/y.txt', '/mem/x/file.txt'))).toBe('conflict:fsExists');
      expect(await outcome(renamePath(m.ctx, ADMIN, '/mem/none.txt', '/mem/some.txt'))).toBe('not_found:fsNotFound');
      expect(await outcome(renamePath(m.ctx, ADMIN, '/mem/none/', '/mem/some/'))).toBe('not_found:fsNotFound');
      // A sibling whose name starts alike is not inside.
      expect(await outcome(renamePath(m.ctx, ADMIN, '/mem/x/', '/mem/x2/'))).toBe('allowed');
    });

    it('needs MOUNT_RENAME on both ends', async () => {
      await putObject(m.memory, 'team/r.txt', 'r');
      const key = keyWith(Permission.MOUNT_RENAME, '/mem/team');
      expect(await outcome(renamePath(m.ctx, key, '/mem/team/r.txt', '/mem/r.txt'))).toBe(
        'forbidden:fsOutsideBasePath',
      );
      expect(
        await outcome(renamePath(m.ctx, keyWith(Permission.MOUNT_UPLOAD), '/mem/team/r.txt', '/mem/team/s.txt')),
      ).toBe('forbidden:permissionRequired');
      expect(await outcome(renamePath(m.ctx, key, '/mem/team/r.txt', '/mem/team/s.txt'))).toBe('allowed');
    });
  });
});
