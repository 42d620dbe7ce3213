import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Permission } from '~/lib/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMount, updateMount, type MountRecord } from '~/models/mounts/mounts.server';
import { uploadFileShare } from '~/models/shares/create/uploads.server';
import { ADMIN } from '../../../tests/support/principals';
import {
  fsModels,
  found,
  keyWith,
  outcome,
  putObject,
  putOnDisk,
  readObject,
  type FsModels,
} from '../../../tests/support/fs-models';
import { listDirectory, openFsFile } from './browse.server';
import { copyFile, expandCopy, planCopy } from './copy.server';
import { rescanMount } from './search/indexing.server';
import { storageOf } from './locate.server';
import { removePaths, writeTextFile } from './write.server';
import { sharePaths } from '~/models/shares/create/share-paths.server';
import { openSharedPlace } from '~/models/shares/visit/folder-access.server';

/**
 * A mount's root folder (issue 27 A1): the mount shows one folder of its storage, every key is
 * under it, and nothing above it — other folders, the file shares' reserved prefix — is reachable.
 */
describe('mount root folder', () => {
  let m: FsModels;
  let team: MountRecord;
  beforeAll(async () => {
    m = await fsModels();
    await putObject(m.memory, 'team/plan.txt', 'the plan');
    await putObject(m.memory, 'other/secret.txt', 'not for team');
    team = await createMount(m.ctx, ADMIN, {
      name: 'team',
      mount_path: '/team',
      storage_config_id: m.mounts.mem.storageConfigId!,
      root_folder: 'team/',
    });
  });
  afterAll(() => m.close());

  const names = async (dir: string) => {
    const listing = await listDirectory(m.ctx, ADMIN, dir);
    return listing.kind === 'directory' ? listing.items.map((i) => i.name).sort() : [];
  };

  it('lists, writes and deletes under its root only', async () => {
    expect(await names('/team/')).toEqual(['plan.txt']);
    expect(await names('/mem/')).toEqual(['other', 'team']);
    await writeTextFile(m.ctx, ADMIN, '/team/new.md', '# new');
    expect(await readObject(m.memory, 'team/new.md')).toBe('# new');
    await removePaths(m.ctx, ADMIN, ['/team/new.md']);
    expect(await readObject(m.memory, 'team/new.md')).toBeNull();
    expect(await outcome(listDirectory(m.ctx, ADMIN, '/team/../other/'))).toMatch(/^(invalid|not_found)/);
  });

  it('copies between two roots of one storage as two storages (never the wrong key)', async () => {
    const o = { skipExisting: false, move: false };
    const planned = await planCopy(
      m.ctx,
      ADMIN,
      [{ sourcePath: '/mem/other/secret.txt', targetPath: '/team/secret.txt' }],
      o,
    );
    for (const job of await expandCopy(m.ctx, ADMIN, planned, o)) await copyFile(m.ctx, job, o, () => {});
    expect(await readObject(m.memory, 'team/secret.txt')).toBe('not for team');
    expect(await readObject(m.memory, 'other/secret.txt')).toBe('not for team');
  });

  it('indexes keys relative to its root, and search finds them at the mount path', async () => {
    const { driver } = await storageOf(m.ctx, team);
    expect(await rescanMount(m.ctx, team.id, driver)).toBe(true);
    const paths = await found(m.ctx, 'plan');
    expect(paths).toContain('/team/plan.txt');
    expect(paths.filter((p) => p.startsWith('/team/'))).toEqual(['/team/plan.txt']);
  });

  it('shares a mounted file by its storage key, root included', async () => {
    const share = await sharePaths(m.ctx, ADMIN, ['/team/plan.txt']);
    expect(share.storagePath).toBe('team/plan.txt');
  });

  it('a mount of the whole storage never reaches the file shares’ objects', async () => {
    const share = await uploadFileShare(m.ctx, ADMIN, {
      filename: 'shared.txt',
      body: Readable.from([Buffer.from('shared')]),
      size: 6,
      sizeIsExact: true,
      options: {},
    });
    expect(share.storagePath.startsWith('.cloudclip-shares/')).toBe(true);
    expect(await names('/disk/')).not.toContain('.cloudclip-shares');
    expect(await outcome(listDirectory(m.ctx, ADMIN, '/disk/.cloudclip-shares/'))).toBe('not_found:fsNotFound');
    expect(await outcome(removePaths(m.ctx, ADMIN, [`/disk/${share.storagePath}`]))).toBe('not_found:fsNotFound');
  });

  it('shares its whole root as a folder (issue 42, item 12: 400 storageKeyInvalid)', async () => {
    putOnDisk(m.diskRoot, 'top.txt', 'at the top');
    const whole = await sharePaths(m.ctx, ADMIN, ['/disk/']);
    expect([whole.kind, whole.storagePath, whole.filename]).toEqual(['folder', '', 'disk']);
    // Its visitor sees the storage's top folder, never the app's own folders in it.
    const place = await openSharedPlace(m.ctx, whole.slug, '/', {}, '127.0.0.1', 'http://x');
    const listed = place.kind === 'folder' ? place.listing.entries.map((e) => e.name) : [];
    expect(listed).toContain('top.txt');
    expect(listed.filter((name) => name.startsWith('.cloudclip-'))).toEqual([]);
    const rooted = await sharePaths(m.ctx, ADMIN, ['/team/']);
    expect([rooted.kind, rooted.storagePath]).toEqual(['folder', 'team/']);
  });

  it('follows no link out of its root folder, nor out of a key’s base path, on disk (issue 42, item 12)', async () => {
    putOnDisk(m.diskRoot, 'other/secret.txt', 'not for team');
    putOnDisk(m.diskRoot, 'team/plan.txt', 'the plan');
    putOnDisk(m.diskRoot, 'team/docs/inside.txt', 'inside');
    fs.symlinkSync('../other', path.join(m.diskRoot, 'team/out'));
    fs.symlinkSync('docs', path.join(m.diskRoot, 'team/in'));
    const local = (await storageOf(m.ctx, m.mounts.disk)).configId;
    await createMount(m.ctx, ADMIN, {
      name: 'dteam',
      mount_path: '/dteam',
      storage_config_id: local,
      root_folder: 'team/',
    });
    const read = (principal: typeof ADMIN, at: string) =>
      outcome(openFsFile(m.ctx, principal, at).then((file) => file.read()));
    // The link was followed while it stayed inside the storage: the control shows the file is there.
    expect(await read(ADMIN, '/disk/team/out/secret.txt')).toBe('allowed');
    expect(await read(ADMIN, '/dteam/out/secret.txt')).toMatch(/^not_found/);
    expect(await read(ADMIN, '/dteam/in/inside.txt')).toBe('allowed');
    // A key whose base path is a folder of the whole-storage mount.
    const key = keyWith(Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD, '/disk/team');
    expect(await read(key, '/disk/team/plan.txt')).toBe('allowed');
    expect(await read(key, '/disk/team/out/secret.txt')).toMatch(/^not_found/);
    expect(await outcome(writeTextFile(m.ctx, key, '/disk/team/out/planted.txt', 'x'))).toMatch(/^invalid/);
    expect(fs.existsSync(path.join(m.diskRoot, 'other/planted.txt'))).toBe(false);
  });

  it('refuses a root folder that leaves the storage or names the app’s own folders', async () => {
    for (const root_folder of ['../x', 'a//b', '.cloudclip-shares', 'a/./b', 'a\\b', 'a\u0000'])
      expect(await outcome(updateMount(m.ctx, ADMIN, team.id, { root_folder }))).toBe('invalid:mountRootFolderInvalid');
    expect((await updateMount(m.ctx, ADMIN, team.id, { root_folder: '/team/' })).rootFolder).toBe('team/');
  });
});
