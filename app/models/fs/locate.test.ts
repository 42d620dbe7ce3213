import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { ADMIN, ANONYMOUS } from '../../../tests/support/principals';
import { fsModels, keyWith, outcome, type FsModels } from '../../../tests/support/fs-models';
import { createMount, updateMount } from '~/models/mounts/mounts.server';
import { createStorageConfig } from '~/models/storage/configs.server';
import { locate } from './locate.server';

/**
 * The one gate of every fs operation (docs/architecture.md §5): the permission bit, the path's
 * form, the key's base path compared by segment, the app's own names and the mounts one may see.
 */
describe('locate', () => {
  let m: FsModels;
  beforeAll(async () => {
    m = await fsModels();
    await createMount(m.ctx, ADMIN, {
      name: 'docs',
      mount_path: '/team/docs',
      storage_config_id: m.mounts.mem.storageConfigId!,
    });
  });
  afterAll(() => m.close());

  it('leads a path inside a mount to its driver and key', async () => {
    const at = await locate(m.ctx, ADMIN, '/mem/a/b.txt', 'fs.view');
    expect(at).toMatchObject({ kind: 'mount', key: 'a/b.txt', mount: { id: m.mounts.mem.id } });
    expect(at.kind === 'mount' && at.driver).toBe(m.memory);
    const root = await locate(m.ctx, ADMIN, '/mem', 'fs.view');
    expect(root).toMatchObject({ kind: 'mount', key: '' });
  });

  it('lists the mounts at the root and the folders on the way to a deeper mount', async () => {
    const root = await locate(m.ctx, ADMIN, '/', 'fs.view');
    expect(root.kind === 'virtual' && root.children.map((c) => c.name).sort()).toEqual(['disk', 'mem', 'team']);
    const team = await locate(m.ctx, ADMIN, '/team', 'fs.view');
    expect(team.kind === 'virtual' && team.children.map((c) => c.name)).toEqual(['docs']);
  });

  it('refuses a write above the mounts, and a change of the mount root itself, with 403 fsRootReadOnly', async () => {
    // Read-only is a matter of the write: the same paths locate for a read.
    expect(await outcome(locate(m.ctx, ADMIN, '/team', 'fs.upload'))).toBe('allowed');
    expect(await outcome(locate(m.ctx, ADMIN, '/team', 'fs.upload', { writable: true }))).toBe(
      'forbidden:fsRootReadOnly',
    );
    expect(await outcome(locate(m.ctx, ADMIN, '/', 'fs.upload', { writable: 'entry' }))).toBe(
      'forbidden:fsRootReadOnly',
    );
    // A mount's root takes new files; only what moves, copies or removes a path refuses it.
    expect(await locate(m.ctx, ADMIN, '/mem', 'fs.upload', { writable: true })).toMatchObject({ key: '' });
    expect(await outcome(locate(m.ctx, ADMIN, '/mem', 'fs.delete', { writable: 'entry' }))).toBe(
      'forbidden:fsRootReadOnly',
    );
    expect(await locate(m.ctx, ADMIN, '/mem/a.txt', 'fs.delete', { writable: 'entry' })).toMatchObject({
      key: 'a.txt',
    });
    // Beside the mounts stays a 404 for the fs API (WebDAV maps it to its read-only tree itself).
    expect(await outcome(locate(m.ctx, ADMIN, '/nowhere/x', 'fs.upload', { writable: true }))).toBe(
      'not_found:mountNotFound',
    );
  });

  it('answers 404 beside the mounts and 400 for a malformed path', async () => {
    expect(await outcome(locate(m.ctx, ADMIN, '/nowhere/x', 'fs.view'))).toBe('not_found:mountNotFound');
    expect(await outcome(locate(m.ctx, ADMIN, '/mem/../disk/x', 'fs.view'))).toBe('invalid:fsPathInvalid');
    expect(await outcome(locate(m.ctx, ADMIN, '/mem/a\u0000b', 'fs.view'))).toBe('invalid:fsPathInvalid');
  });

  it("never reaches the app's own names", async () => {
    expect(await outcome(locate(m.ctx, ADMIN, '/mem/.cloudclip-pending/x', 'fs.view'))).toBe('not_found:fsNotFound');
    expect(await outcome(locate(m.ctx, ADMIN, '/mem/a/.cloudclip-probe', 'fs.upload'))).toBe('not_found:fsNotFound');
    // A name that only starts alike is an ordinary one.
    expect(await outcome(locate(m.ctx, ADMIN, '/mem/cloudclip-notes', 'fs.view'))).toBe('allowed');
  });

  it('asks for the bit of the operation, and for a sign-in first', async () => {
    const viewer = keyWith(Permission.MOUNT_VIEW);
    expect(await outcome(locate(m.ctx, viewer, '/mem/a.txt', 'fs.view'))).toBe('allowed');
    expect(await outcome(locate(m.ctx, viewer, '/mem/a.txt', 'fs.upload'))).toBe('forbidden:permissionRequired');
    expect(await outcome(locate(m.ctx, viewer, '/mem/a.txt', 'dav.read'))).toBe('forbidden:permissionRequired');
    expect(await outcome(locate(m.ctx, ANONYMOUS, '/mem/a.txt', 'fs.view'))).toMatch(/^unauthenticated:/);
  });

  it("compares a key's base path by segment, not by prefix", async () => {
    const key = keyWith(Permission.MOUNT_VIEW, '/mem/team');
    expect(await outcome(locate(m.ctx, key, '/mem/team/a.txt', 'fs.view'))).toBe('allowed');
    expect(await outcome(locate(m.ctx, key, '/mem/team', 'fs.view'))).toBe('allowed');
    expect(await outcome(locate(m.ctx, key, '/mem/teammate/a.txt', 'fs.view'))).toBe('forbidden:fsOutsideBasePath');
    expect(await outcome(locate(m.ctx, key, '/disk/team/a.txt', 'fs.view'))).toBe('forbidden:fsOutsideBasePath');
  });

  it('lets a key pass through the folders above its base path only to navigate', async () => {
    const key = keyWith(Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD, '/mem/team/');
    expect(await outcome(locate(m.ctx, key, '/mem', 'fs.view'))).toBe('forbidden:fsOutsideBasePath');
    expect(await outcome(locate(m.ctx, key, '/mem', 'fs.view', { navigation: true }))).toBe('allowed');
    expect(await outcome(locate(m.ctx, key, '/', 'fs.view', { navigation: true }))).toBe('allowed');
    expect(await outcome(locate(m.ctx, key, '/mem/other', 'fs.view', { navigation: true }))).toBe(
      'forbidden:fsOutsideBasePath',
    );
  });

  it('hides a disabled mount from everyone, and a private storage from keys', async () => {
    const off = await createMount(m.ctx, ADMIN, {
      name: 'off',
      mount_path: '/off',
      storage_config_id: m.mounts.mem.storageConfigId!,
    });
    expect(await outcome(locate(m.ctx, ADMIN, '/off/a', 'fs.view'))).toBe('allowed');
    await updateMount(m.ctx, ADMIN, off.id, { is_active: false });
    expect(await outcome(locate(m.ctx, ADMIN, '/off/a', 'fs.view'))).toBe('not_found:mountNotFound');

    const hidden = await createStorageConfig(m.ctx, ADMIN, {
      name: 'private',
      endpoint_url: 'http://127.0.0.1:9',
      bucket_name: 'private',
      access_key_id: 'a',
      secret_access_key: 'b',
      is_public: false,
    });
    await createMount(m.ctx, ADMIN, { name: 'private', mount_path: '/private', storage_config_id: hidden.id });
    expect(await outcome(locate(m.ctx, ADMIN, '/private/a', 'fs.view'))).toBe('allowed');
    expect(await outcome(locate(m.ctx, keyWith(Permission.MOUNT_VIEW), '/private/a', 'fs.view'))).toBe(
      'not_found:mountNotFound',
    );
  });
});
