/**
 * Access-key permission bits (docs/product/spec.md §6, docs/product/api.md §1.5) and the path rules that go with them.
 * Client-safe: the UI uses the same definitions to show or hide what a key may do.
 */
export const Permission = {
  TEXT: 1,
  FILE_SHARE: 2,
  MOUNT_VIEW: 256,
  MOUNT_UPLOAD: 512,
  MOUNT_COPY: 1024,
  MOUNT_RENAME: 2048,
  MOUNT_DELETE: 4096,
  WEBDAV_READ: 65536,
  WEBDAV_MANAGE: 131072,
} as const;
export type PermissionName = keyof typeof Permission;

export const ALL_PERMISSIONS = Object.values(Permission).reduce((a, b) => a | b, 0);
export const MOUNT_PERMISSIONS =
  Permission.MOUNT_VIEW |
  Permission.MOUNT_UPLOAD |
  Permission.MOUNT_COPY |
  Permission.MOUNT_RENAME |
  Permission.MOUNT_DELETE;

/** Object form of a key's permissions (docs/product/spec.md §3), in the order of docs/product/api.md's permission_names. */
export const PERMISSION_FLAGS = [
  ['text', Permission.TEXT, '文本分享'],
  ['file_share', Permission.FILE_SHARE, '文件分享'],
  ['mount_view', Permission.MOUNT_VIEW, '挂载页查看'],
  ['mount_upload', Permission.MOUNT_UPLOAD, '上传/创建目录'],
  ['mount_copy', Permission.MOUNT_COPY, '复制文件'],
  ['mount_rename', Permission.MOUNT_RENAME, '重命名文件'],
  ['mount_delete', Permission.MOUNT_DELETE, '删除文件'],
  ['webdav_read', Permission.WEBDAV_READ, 'WebDAV读取'],
  ['webdav_manage', Permission.WEBDAV_MANAGE, 'WebDAV管理'],
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number][0];

/** Every required bit must be present: `(perms & bit) === bit`. */
export function hasPermission(permissions: number, required: number): boolean {
  return (permissions & required) === required;
}

/** "A mount permission means any of the mount bits" (docs/product/spec.md §6). */
export function hasAnyMountPermission(permissions: number): boolean {
  return (permissions & MOUNT_PERMISSIONS) !== 0;
}

/**
 * Bits from the object form. `file` is accepted as well as `file_share`, because /test/api-key
 * answers with `file` and clients send that shape back.
 */
export function permissionsFromObject(flags: Partial<Record<PermissionFlag | 'file', unknown>>): number {
  let bits = 0;
  for (const [name, bit] of PERMISSION_FLAGS) if (flags[name] === true) bits |= bit;
  if (flags.file === true) bits |= Permission.FILE_SHARE;
  return bits;
}

/** The object form of /test/api-key (docs/product/api.md §3.1): `file`, not `file_share`. */
export function permissionsToObject(bits: number) {
  return {
    text: hasPermission(bits, Permission.TEXT),
    file: hasPermission(bits, Permission.FILE_SHARE),
    mount_view: hasPermission(bits, Permission.MOUNT_VIEW),
    mount_upload: hasPermission(bits, Permission.MOUNT_UPLOAD),
    mount_copy: hasPermission(bits, Permission.MOUNT_COPY),
    mount_rename: hasPermission(bits, Permission.MOUNT_RENAME),
    mount_delete: hasPermission(bits, Permission.MOUNT_DELETE),
    webdav_read: hasPermission(bits, Permission.WEBDAV_READ),
    webdav_manage: hasPermission(bits, Permission.WEBDAV_MANAGE),
  };
}

export function permissionNames(bits: number): string[] {
  return PERMISSION_FLAGS.filter(([, bit]) => hasPermission(bits, bit)).map(([, , label]) => label);
}

/**
 * Normalises a virtual path: percent-decoded, backslashes as slashes, "." and ".." resolved,
 * duplicate and trailing slashes removed. Returns null for anything that cannot be a safe path:
 * NUL or other control characters, malformed percent-encoding, or ".." climbing above the root.
 */
export function normalizePath(input: string): string | null {
  let decoded = input;
  // Decode repeatedly so that double-encoded tricks ("%252e%252e") cannot survive as "..".
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      return null;
    }
  }
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return null;
  const segments: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return '/' + segments.join('/');
}

/**
 * May a key with base path `basePath` operate on `path`? Compared by whole segments after
 * normalising both, so "/docs" never grants "/docs-secret" and ".." never escapes (docs/product/spec.md §5).
 */
export function isWithinBasePath(basePath: string, path: string): boolean {
  const base = normalizePath(basePath);
  const target = normalizePath(path);
  if (base === null || target === null) return false;
  if (base === '/') return true;
  return target === base || target.startsWith(base + '/');
}

/** Navigation check: a key may also list the ancestors of its base path, to walk down to it. */
export function isNavigableForBasePath(basePath: string, path: string): boolean {
  const base = normalizePath(basePath);
  const target = normalizePath(path);
  if (base === null || target === null) return false;
  if (isWithinBasePath(base, target)) return true;
  return target === '/' || base.startsWith(target + '/');
}

/**
 * A refusal for want of a permission carries the v0.7.3 label (`permission`, Chinese: API clients
 * match the message) and the flags (`flags`): a page names them in its own language instead, each
 * flag's label from `labelOf` (keys.permissions.<flag>), never "…permission: 删除文件" in English.
 */
export function withPermissionLabels<T extends Record<string, unknown> | undefined>(
  params: T,
  labelOf: (flag: string) => string,
): T {
  const flags = params?.flags;
  if (!Array.isArray(flags)) return params;
  return { ...params, permission: flags.map((flag) => labelOf(String(flag))).join(', ') };
}
