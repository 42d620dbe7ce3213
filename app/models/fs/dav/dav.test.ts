import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { ADMIN } from '../../../../tests/support/principals';
import { fsModels, keyWith, outcome, putObject, readObject, type FsModels } from '../../../../tests/support/fs-models';
import { locksAround, removeLock, saveLock, type DavLockRecord } from './locks.server';
import { davChildren, davNode } from './nodes.server';
import { deadPropsAround, patchDeadProps } from './properties.server';
import { davCopy, davDelete, davMakeCollection, davMove, davPut } from './write.server';

/**
 * The WebDAV models (docs/architecture.md §8): one file or folder per call (nephele walks folders
 * itself), the read-only tree above the mounts, WEBDAV_MANAGE and the base path, locks and dead
 * properties kept in the database.
 */
describe('WebDAV models', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
  });
  afterAll(() => m.close());

  const body = (text: string) => Readable.from([Buffer.from(text)]);

  describe('nodes', () => {
    it('marks the tree above the mounts and the mount roots read-only', async () => {
      expect(await davNode(m.ctx, ADMIN, '/')).toMatchObject({ isCollection: true, readOnly: true, inMount: false });
      expect(await davNode(m.ctx, ADMIN, '/mem')).toMatchObject({ isCollection: true, readOnly: true, inMount: true });
      await putObject(m.memory, 'node/file.txt', 'abc');
      expect(await davNode(m.ctx, ADMIN, '/mem/node')).toMatchObject({ isCollection: true, readOnly: false });
      expect(await davNode(m.ctx, ADMIN, '/mem/node/file.txt')).toMatchObject({ isCollection: false, size: 3 });
      expect(await outcome(davNode(m.ctx, ADMIN, '/mem/node/none.txt'))).toBe('not_found:fsNotFound');
    });

    it("shows Finder's files back to Finder", async () => {
      await putObject(m.memory, 'finder/._photo.jpg', 'apple double');
      await putObject(m.memory, 'finder/photo.jpg', 'jpeg');
      expect((await davChildren(m.ctx, ADMIN, '/mem/finder')).map((n) => n.name).sort()).toEqual([
        '._photo.jpg',
        'photo.jpg',
      ]);
    });
  });

  describe('writes', () => {
    it('PUT streams a file in and answers its size', async () => {
      const put = await davPut(m.ctx, ADMIN, '/mem/dav/put.txt', body('over dav'), {});
      expect(put.size).toBe(8);
      expect(await readObject(m.memory, 'dav/put.txt')).toBe('over dav');
    });

    it('PUT refuses a declared size over the max upload size before reading a byte', async () => {
      let read = false;
      const watched = new Readable({
        read() {
          read = true;
          this.push(null);
        },
      });
      expect(await outcome(davPut(m.ctx, ADMIN, '/mem/dav/huge.bin', watched, { size: 10 * 1024 ** 3 }))).toBe(
        'too_large:fileTooLarge',
      );
      expect(read).toBe(false);
    });

    it('refuses writes to the read-only tree, also beside the mounts', async () => {
      expect(await outcome(davPut(m.ctx, ADMIN, '/mem', body('x'), {}))).toBe('forbidden:fsRootReadOnly');
      expect(await outcome(davPut(m.ctx, ADMIN, '/beside.txt', body('x'), {}))).toBe('forbidden:fsRootReadOnly');
      expect(await outcome(davMakeCollection(m.ctx, ADMIN, '/newmount'))).toBe('forbidden:fsRootReadOnly');
    });

    it('needs WEBDAV_MANAGE inside the base path', async () => {
      const reader = keyWith(Permission.WEBDAV_READ);
      expect(await outcome(davPut(m.ctx, reader, '/mem/r.txt', body('x'), {}))).toBe('forbidden:permissionRequired');
      const manager = keyWith(Permission.WEBDAV_READ | Permission.WEBDAV_MANAGE, '/mem/team');
      expect(await outcome(davPut(m.ctx, manager, '/mem/other.txt', body('x'), {}))).toBe(
        'forbidden:fsOutsideBasePath',
      );
      expect(await outcome(davPut(m.ctx, manager, '/mem/team/mine.txt', body('x'), {}))).toBe('allowed');
    });

    it('MKCOL makes a folder, and a conflict when something is there', async () => {
      await davMakeCollection(m.ctx, ADMIN, '/mem/made');
      expect((await davNode(m.ctx, ADMIN, '/mem/made')).isCollection).toBe(true);
      expect(await outcome(davMakeCollection(m.ctx, ADMIN, '/mem/made'))).toBe('conflict:fsExists');
      await putObject(m.memory, 'a-file', 'x');
      expect(await outcome(davMakeCollection(m.ctx, ADMIN, '/mem/a-file'))).toBe('conflict:fsExists');
    });

    it('DELETE of the last file keeps its folder, and drops its dead properties', async () => {
      await putObject(m.memory, 'keep/only.txt', 'x');
      await patchDeadProps(m.ctx, ADMIN, '/mem/keep/only.txt', [['set', 'ns:color', 'red']]);
      expect((await deadPropsAround(m.ctx, ADMIN, '/mem/keep')).get('/mem/keep/only.txt')?.get('ns:color')).toBe('red');
      await davDelete(m.ctx, ADMIN, '/mem/keep/only.txt');
      expect(await m.memory.stat('keep/only.txt')).toBeNull();
      expect((await davNode(m.ctx, ADMIN, '/mem/keep')).isCollection).toBe(true);
      expect((await deadPropsAround(m.ctx, ADMIN, '/mem/keep')).size).toBe(0);
    });

    it('COPY replaces the target, across storages too, and carries the properties', async () => {
      await putObject(m.memory, 'c/src.txt', 'source');
      await putObject(m.memory, 'c/dst.txt', 'old');
      await patchDeadProps(m.ctx, ADMIN, '/mem/c/src.txt', [['set', 'ns:tag', 1]]);
      await davCopy(m.ctx, ADMIN, '/mem/c/src.txt', '/mem/c/dst.txt', false);
      expect(await readObject(m.memory, 'c/dst.txt')).toBe('source');
      await davCopy(m.ctx, ADMIN, '/mem/c/src.txt', '/disk/from-dav.txt', false);
      expect((await davNode(m.ctx, ADMIN, '/disk/from-dav.txt')).size).toBe(6);
      const props = await deadPropsAround(m.ctx, ADMIN, '/mem/c');
      expect(props.get('/mem/c/dst.txt')?.get('ns:tag')).toBe(1);
      expect(props.get('/mem/c/src.txt')?.get('ns:tag')).toBe(1);
    });

    it('COPY and MOVE into a folder that is not there are a conflict (RFC 4918 §9.8.5)', async () => {
      await putObject(m.memory, 'c/lonely.txt', 'x');
      expect(await outcome(davCopy(m.ctx, ADMIN, '/mem/c/lonely.txt', '/mem/nowhere/x.txt', false))).toBe(
        'conflict:fsParentMissing',
      );
      expect(await outcome(davMove(m.ctx, ADMIN, '/mem/c/lonely.txt', '/mem/nowhere/x.txt'))).toBe(
        'conflict:fsParentMissing',
      );
    });

    it('MOVE renames within a mount and copies-then-removes across, keeping the source folder', async () => {
      await putObject(m.memory, 'mv/a.txt', 'a');
      await davMove(m.ctx, ADMIN, '/mem/mv/a.txt', '/mem/mv/b.txt');
      expect(await readObject(m.memory, 'mv/b.txt')).toBe('a');
      await davMove(m.ctx, ADMIN, '/mem/mv/b.txt', '/disk/moved-by-dav.txt');
      expect(await m.memory.stat('mv/b.txt')).toBeNull();
      expect((await davNode(m.ctx, ADMIN, '/mem/mv')).isCollection).toBe(true);
      expect((await davNode(m.ctx, ADMIN, '/disk/moved-by-dav.txt')).size).toBe(1);
    });
  });

  describe('locks', () => {
    const lock = (path: string, token: string, timeoutMs = 60_000): DavLockRecord => ({
      token,
      path,
      username: 'admin-1',
      scope: 'exclusive',
      depth: 'infinity',
      owner: { href: 'mailto:me' },
      timeoutMs,
      provisional: false,
      refreshedAt: new Date(),
    });

    it('finds the locks on a path, above it and below it, and forgets released and expired ones', async () => {
      await saveLock(m.ctx, ADMIN, lock('/mem/locked', 'opaquelocktoken:above'));
      await saveLock(m.ctx, ADMIN, lock('/mem/locked/deep/file.txt', 'opaquelocktoken:below'));
      await saveLock(m.ctx, ADMIN, lock('/mem/lockedness', 'opaquelocktoken:sibling'));
      await saveLock(m.ctx, ADMIN, { ...lock('/mem/locked/old', 'opaquelocktoken:old', 1), refreshedAt: new Date(0) });
      const tokens = async (path: string) => (await locksAround(m.ctx, ADMIN, [path])).map((l) => l.token).sort();
      expect(await tokens('/mem/locked/deep')).toEqual(['opaquelocktoken:above', 'opaquelocktoken:below']);
      expect(await tokens('/mem/locked/old')).toEqual(['opaquelocktoken:above']);
      const [found] = await locksAround(m.ctx, ADMIN, ['/mem/lockedness']);
      expect(found).toMatchObject({ token: 'opaquelocktoken:sibling', owner: { href: 'mailto:me' } });
      await removeLock(m.ctx, ADMIN, 'opaquelocktoken:above');
      expect(await tokens('/mem/locked/deep')).toEqual(['opaquelocktoken:below']);
    });

    it("takes a key's locks only inside its base path", async () => {
      const key = keyWith(Permission.WEBDAV_READ | Permission.WEBDAV_MANAGE, '/mem/team');
      expect(await outcome(saveLock(m.ctx, key, lock('/mem/team/x', 'opaquelocktoken:in')))).toBe('allowed');
      expect(await outcome(saveLock(m.ctx, key, lock('/mem/teams/x', 'opaquelocktoken:out')))).toBe(
        'forbidden:fsOutsideBasePath',
      );
      expect(await outcome(saveLock(m.ctx, keyWith(Permission.WEBDAV_READ), lock('/mem/x', 'opaquelocktoken:r')))).toBe(
        'forbidden:permissionRequired',
      );
    });
  });
});
