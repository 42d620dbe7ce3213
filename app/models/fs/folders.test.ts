import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { createMount } from '~/models/mounts/mounts.server';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, keyWith, outcome, putObject, type FsModels } from '../../../tests/support/fs-models';
import { folderTree, listFolders } from './folders.server';

/** The copy/move target picker's folders (issue 28 A2): what may be walked through and what chosen. */
describe('folder picker', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
    await putObject(m.memory, 'photos/2024/a.jpg', 'a');
    await putObject(m.memory, 'photos/readme.txt', 'r');
    await putObject(m.memory, 'docs/plan.md', 'p');
    await createMount(m.ctx, ADMIN, {
      name: 'team',
      mount_path: '/team/files',
      storage_config_id: m.mounts.mem.storageConfigId!,
    });
  });
  afterAll(() => m.close());

  it('lists folders only; mounts are targets, the virtual folders above them are not', async () => {
    expect(await listFolders(m.ctx, ADMIN, '/')).toEqual([
      { name: 'disk', path: '/disk', writable: true },
      { name: 'mem', path: '/mem', writable: true },
      { name: 'team', path: '/team', writable: false },
    ]);
    expect(await listFolders(m.ctx, ADMIN, '/mem/photos')).toEqual([
      { name: '2024', path: '/mem/photos/2024', writable: true },
    ]);
  });

  it('lets a key choose only inside its base path, and nothing without MOUNT_COPY', async () => {
    const copier = keyWith(Permission.MOUNT_VIEW | Permission.MOUNT_COPY, '/mem/photos');
    expect(await listFolders(m.ctx, copier, '/')).toEqual([{ name: 'mem', path: '/mem', writable: false }]);
    expect(await listFolders(m.ctx, copier, '/mem')).toEqual([{ name: 'photos', path: '/mem/photos', writable: true }]);
    expect(await outcome(listFolders(m.ctx, copier, '/disk'))).toMatch(/^forbidden|fsOutsideBasePath/);
    const viewer = keyWith(Permission.MOUNT_VIEW);
    expect((await listFolders(m.ctx, viewer, '/')).every((f) => !f.writable)).toBe(true);
    // For an upload request's folder the upload right counts, not copy's.
    const uploader = keyWith(Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD, '/mem/photos');
    expect(await listFolders(m.ctx, uploader, '/mem')).toEqual([
      { name: 'photos', path: '/mem/photos', writable: false },
    ]);
    expect(await listFolders(m.ctx, uploader, '/mem', 'upload')).toEqual([
      { name: 'photos', path: '/mem/photos', writable: true },
    ]);
  });

  it('opens the tree down to a folder, and stops where a level cannot be listed', async () => {
    const tree = await folderTree(m.ctx, ADMIN, '/mem/photos');
    expect(Object.keys(tree.levels)).toEqual(['/', '/mem', '/mem/photos']);
    const copier = keyWith(Permission.MOUNT_VIEW | Permission.MOUNT_COPY, '/mem/photos');
    const outside = await folderTree(m.ctx, copier, '/disk/reports');
    expect(Object.keys(outside.levels)).toEqual(['/']);
  });
});
