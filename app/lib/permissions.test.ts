import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  Permission,
  hasAnyMountPermission,
  hasPermission,
  isNavigableForBasePath,
  isWithinBasePath,
  normalizePath,
  permissionNames,
  permissionsFromObject,
  permissionsToObject,
} from './permissions';

describe('permission bits', () => {
  it('have the values of docs/product/spec.md §6 and add up to 204547', () => {
    expect(Permission).toEqual({
      TEXT: 1,
      FILE_SHARE: 2,
      MOUNT_VIEW: 256,
      MOUNT_UPLOAD: 512,
      MOUNT_COPY: 1024,
      MOUNT_RENAME: 2048,
      MOUNT_DELETE: 4096,
      WEBDAV_READ: 65536,
      WEBDAV_MANAGE: 131072,
    });
    expect(ALL_PERMISSIONS).toBe(204547);
  });
  it('require every bit of a combined requirement', () => {
    expect(hasPermission(Permission.TEXT | Permission.FILE_SHARE, Permission.TEXT)).toBe(true);
    expect(hasPermission(Permission.TEXT, Permission.TEXT | Permission.FILE_SHARE)).toBe(false);
  });
  it('treat any mount bit as a mount permission', () => {
    expect(hasAnyMountPermission(Permission.MOUNT_DELETE)).toBe(true);
    expect(hasAnyMountPermission(Permission.TEXT | Permission.WEBDAV_READ)).toBe(false);
  });
  it('convert between the object form and bits (GENERAL role = 66307)', () => {
    const general = permissionsFromObject({
      text: true,
      file_share: true,
      mount_view: true,
      mount_upload: true,
      webdav_read: true,
    });
    expect(general).toBe(66307);
    expect(permissionsFromObject({ file: true })).toBe(Permission.FILE_SHARE);
    expect(permissionsFromObject({ text: 'yes' as unknown as boolean })).toBe(0);
    expect(permissionsFromObject(permissionsToObject(general))).toBe(general);
    expect(permissionsToObject(Permission.MOUNT_VIEW)).toMatchObject({ mount_view: true, text: false, file: false });
  });
  it('names set bits in the fixed order of docs/product/api.md', () => {
    expect(permissionNames(Permission.WEBDAV_READ | Permission.TEXT)).toEqual(['文本分享', 'WebDAV读取']);
  });
});

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/a/b/', '/a/b'],
    ['//a///b', '/a/b'],
    ['/a/./b/../c', '/a/c'],
    ['\\a\\b', '/a/b'],
    ['/docs/%E6%96%87%E4%BB%B6', '/docs/文件'],
    ['/a/%2e%2e/b', '/b'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });
  it.each(['/..', '/a/../..', '/%2e%2e/etc', '/%252e%252e/x', '/a\u0000b', '/a%00b', '/%E0%A4%A'])(
    'refuses %j',
    (input) => {
      expect(normalizePath(input)).toBeNull();
    },
  );
});

describe('base path checks compare whole segments', () => {
  it.each([
    ['/', '/anything/at/all', true],
    ['/docs', '/docs', true],
    ['/docs', '/docs/', true],
    ['/docs', '/docs/a/b', true],
    ['/docs/', '/docs/a', true],
    ['/docs', '/docs-secret', false],
    ['/docs', '/docs-secret/a', false],
    ['/docs', '/doc', false],
    ['/docs', '/', false],
    ['/docs', '/docs/../etc', false],
    ['/docs', '/docs/%2e%2e/etc', false],
    ['/docs', '/docs/..%2fetc', false],
    ['/docs', '/DOCS/a', false],
    ['/docs', '/docs/a\u0000', false],
    ['/a/b', '/a/b/c', true],
    ['/a/b', '/a/bc', false],
  ])('base %s, path %s → %s', (base, path, expected) => {
    expect(isWithinBasePath(base, path)).toBe(expected);
  });
  it('lets a key list the ancestors of its base path, and nothing beside it', () => {
    expect(isNavigableForBasePath('/a/b', '/')).toBe(true);
    expect(isNavigableForBasePath('/a/b', '/a')).toBe(true);
    expect(isNavigableForBasePath('/a/b', '/a/b/c')).toBe(true);
    expect(isNavigableForBasePath('/a/b', '/a/c')).toBe(false);
    expect(isNavigableForBasePath('/a/b', '/ab')).toBe(false);
    expect(isNavigableForBasePath('/a/bc', '/a/b')).toBe(false);
  });
});
