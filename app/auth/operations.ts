import { AppError } from '~/lib/errors';
import { PERMISSION_FLAGS, Permission } from '~/lib/permissions';
import { isCreator, type Principal } from './principal';

/**
 * Every guarded operation and who may perform it. The table-driven permission test walks this
 * list against every permission bit, so a new operation is covered the moment it is added here.
 */
export type Requirement = { admin: true } | { any: true } | { bits: number } | { account: true };

const ADMIN: Requirement = { admin: true };
/** A signed-in account itself (an admin, or a member's own session): never a key, not even a member's. */
const ACCOUNT: Requirement = { account: true };
const ANY: Requirement = { any: true };
const bits = (b: number): Requirement => ({ bits: b });

export const OPERATIONS = {
  'auth.adminProbe': ADMIN,
  'auth.keyProbe': ANY,
  'account.change': ACCOUNT,
  // Accounts (issue 44): the admin's management, and each account's own sign-in settings and keys.
  'accounts.manage': ADMIN,
  'account.self': ACCOUNT,
  'keys.manage': ADMIN,
  'paste.create': bits(Permission.TEXT),
  'paste.manage': bits(Permission.TEXT),
  'paste.clearExpired': ADMIN,
  'storage.read': bits(Permission.FILE_SHARE),
  'storage.manage': ADMIN,
  // System settings (upload limit, proxy signing, the SSRF allow-list, WebDAV mode): admins only.
  'settings.manage': ADMIN,
  'file.upload': bits(Permission.FILE_SHARE),
  'file.manage': bits(Permission.FILE_SHARE),
  'mount.manage': ADMIN,
  'mount.view': bits(Permission.MOUNT_VIEW),
  'fs.view': bits(Permission.MOUNT_VIEW),
  'fs.upload': bits(Permission.MOUNT_UPLOAD),
  'fs.rename': bits(Permission.MOUNT_RENAME),
  'fs.delete': bits(Permission.MOUNT_DELETE),
  'fs.copy': bits(Permission.MOUNT_COPY),
  // Upload-request links write into a mount folder with their creator's rights (decision 0027).
  'request.manage': bits(Permission.MOUNT_UPLOAD),
  // WebDAV (docs/product/api.md §4): its own bits, whatever the key may do in the explorer.
  'dav.read': bits(Permission.WEBDAV_READ),
  'dav.manage': bits(Permission.WEBDAV_MANAGE),
  'admin.dashboard': ADMIN,
  'admin.textManagement': bits(Permission.TEXT),
  'admin.fileManagement': bits(Permission.FILE_SHARE),
  'admin.uploadRequests': bits(Permission.MOUNT_UPLOAD),
  'admin.keyManagement': ADMIN,
  'admin.mountManagement': ADMIN,
  'admin.storageConfig': ADMIN,
  'admin.account': ACCOUNT,
  'admin.users': ADMIN,
  'admin.globalSettings': ADMIN,
  'admin.webdavSettings': ADMIN,
  'admin.backups': ADMIN,
  'admin.auditLog': ADMIN,
  'admin.recycleBin': ADMIN,
} satisfies Record<string, Requirement>;
export type Operation = keyof typeof OPERATIONS;

export function isAllowed(principal: Principal, operation: Operation): boolean {
  const requirement: Requirement = OPERATIONS[operation];
  if (principal.kind === 'anonymous') return false;
  if (principal.kind === 'admin') return true;
  if ('admin' in requirement) return false;
  if ('any' in requirement) return true;
  if ('account' in requirement) return isAccountItself(principal);
  return (principal.permissions & requirement.bits) === requirement.bits;
}

/** What a page offers a visitor: its tools, a sign-in link (nobody signed in), or a "not allowed". */
export function pageAccess(principal: Principal, operation: Operation): 'allowed' | 'anonymous' | 'forbidden' {
  if (isAllowed(principal, operation)) return 'allowed';
  return principal.kind === 'anonymous' ? 'anonymous' : 'forbidden';
}

/** A member signed in as the member (not through one of its keys). */
export function isAccountItself(principal: Principal): boolean {
  if (principal.kind === 'admin') return true;
  return principal.kind === 'apikey' && principal.accountId !== null && principal.keyId === principal.ownerKeyId;
}

/** Throws the right AppError: 401 for nobody, 403 for somebody without the right (never 401). */
export function authorize(principal: Principal, operation: Operation): void {
  if (isAllowed(principal, operation)) return;
  if (principal.kind === 'anonymous') throw new AppError('unauthenticated', 'authRequired');
  const requirement: Requirement = OPERATIONS[operation];
  if ('bits' in requirement) {
    throw new AppError('forbidden', 'permissionRequired', {
      permission: bitLabel(requirement.bits),
      flags: flagsOf(requirement.bits),
    });
  }
  const needed = 'account' in requirement ? 'accountRequired' : 'adminRequired';
  throw new AppError('forbidden', needed);
}

/** The permission flags of `required` ("mount_delete"), which pages name in their language (app/i18n/translate.ts). */
function flagsOf(required: number): string[] {
  return PERMISSION_FLAGS.filter(([, bit]) => (required & bit) !== 0).map(([flag]) => flag);
}

function bitLabel(required: number): string {
  return PERMISSION_FLAGS.filter(([, bit]) => (required & bit) !== 0)
    .map(([, , label]) => label)
    .join(', ');
}

const MANAGE = { paste: 'paste.manage', file: 'file.manage' } as const;

/**
 * Who may edit or delete a share (docs/product/spec.md §6): an admin, or a key with the share kind's
 * permission that created it. The management models enforce it; pages ask it to choose what to show;
 * a share's owner reads it without counting a view (issue 42, item 3).
 */
export function mayManageShare(principal: Principal, kind: 'paste' | 'file', createdBy: string | null): boolean {
  return isAllowed(principal, MANAGE[kind]) && isCreator(principal, createdBy);
}
