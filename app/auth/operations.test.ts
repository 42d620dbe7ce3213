import { describe, expect, it } from 'vitest';
import { AppError } from '~/lib/errors';
import { Permission } from '~/lib/permissions';
import { adminGuard, firstAllowedModule } from './admin-modules';
import { OPERATIONS, authorize, isAllowed, type Operation } from './operations';
import { isCreator, type ApiKeyPrincipal, type Principal } from './principal';

const key = (permissions: number): ApiKeyPrincipal => ({
  kind: 'apikey',
  keyId: 'k1',
  name: 'k',
  permissions,
  basePath: '/',
  role: 'GENERAL',
  isGuest: false,
  accountId: null,
  ownerKeyId: 'k1',
});
const admin: Principal = { kind: 'admin', adminId: 'a1', username: 'admin' };
const anonymous: Principal = { kind: 'anonymous' };
const BITS = Object.entries(Permission);

/**
 * Every permission bit against every guarded operation. New operations join OPERATIONS and are
 * covered here automatically; the expectation is derived from the requirement, and the assertions
 * check the outcome through authorize() (status and error) for each single bit.
 */
describe('permission table', () => {
  for (const [operation, requirement] of Object.entries(OPERATIONS) as [Operation, (typeof OPERATIONS)[Operation]][]) {
    describe(operation, () => {
      it('admin passes, anonymous gets 401', () => {
        expect(() => authorize(admin, operation)).not.toThrow();
        expect(() => authorize(anonymous, operation)).toThrowError(
          expect.objectContaining({ kind: 'unauthenticated' }),
        );
      });
      for (const [name, bit] of BITS) {
        it(`a key with only ${name}`, () => {
          const expected =
            'any' in requirement
              ? true
              : 'admin' in requirement || 'account' in requirement
                ? false
                : requirement.bits === bit;
          expect(isAllowed(key(bit), operation)).toBe(expected);
          if (expected) expect(() => authorize(key(bit), operation)).not.toThrow();
          else {
            let thrown: unknown;
            try {
              authorize(key(bit), operation);
            } catch (error) {
              thrown = error;
            }
            expect(thrown).toBeInstanceOf(AppError);
            // Authenticated but not allowed is 403, never 401 (docs/product/api.md §1.3).
            expect((thrown as AppError).status).toBe(403);
          }
        });
      }
      it('a key with every bit passes', () => {
        expect(isAllowed(key(204547), operation)).toBe(!('admin' in requirement) && !('account' in requirement));
      });
      it('a member signed in as itself passes what its bits or being an account allow, never admin-only', () => {
        const member: Principal = { ...key(0), keyId: 'rights', ownerKeyId: 'rights', accountId: 'acc' };
        expect(isAllowed(member, operation)).toBe('any' in requirement || 'account' in requirement);
        const membersKey: Principal = { ...member, keyId: 'own-key' };
        expect(isAllowed(membersKey, operation)).toBe('any' in requirement);
      });
    });
  }
});

describe('route guards (docs/product/spec.md §2)', () => {
  it('lets anonymous visitors through to the login form', () => {
    expect(adminGuard(anonymous, '/admin/key-management')).toBeNull();
  });
  it('lets admins everywhere', () => {
    expect(adminGuard(admin, '/admin')).toBeNull();
    expect(adminGuard(admin, '/admin/settings/webdav')).toBeNull();
    expect(firstAllowedModule(admin)).toBe('/admin');
  });
  it('sends a key without text or file permission home', () => {
    expect(adminGuard(key(Permission.MOUNT_VIEW | Permission.WEBDAV_READ), '/admin')).toBe('/');
    expect(firstAllowedModule(key(Permission.MOUNT_VIEW))).toBe('/');
    // Upload requests (ours) alone do not open the admin area.
    expect(adminGuard(key(Permission.MOUNT_UPLOAD), '/admin/upload-requests')).toBe('/');
    expect(firstAllowedModule(key(Permission.MOUNT_UPLOAD))).toBe('/');
  });
  it('opens upload requests to a key that may enter the admin area and upload to mounts', () => {
    const both = key(Permission.FILE_SHARE | Permission.MOUNT_UPLOAD);
    expect(adminGuard(both, '/admin/upload-requests')).toBeNull();
    expect(firstAllowedModule(both)).toBe('/admin/file-management');
    expect(adminGuard(key(Permission.FILE_SHARE), '/admin/upload-requests')).toBe('/admin/file-management');
  });
  it('redirects admin-only modules and the dashboard to the first module a key may use', () => {
    expect(adminGuard(key(Permission.TEXT), '/admin')).toBe('/admin/text-management');
    expect(adminGuard(key(Permission.TEXT), '/admin/key-management')).toBe('/admin/text-management');
    expect(adminGuard(key(Permission.FILE_SHARE), '/admin/account')).toBe('/admin/file-management');
    expect(adminGuard(key(Permission.FILE_SHARE), '/admin/text-management')).toBe('/admin/file-management');
    expect(adminGuard(key(Permission.TEXT | Permission.FILE_SHARE), '/admin/file-management')).toBeNull();
    expect(adminGuard(key(Permission.TEXT), '/admin/text-management/')).toBeNull();
  });
});

describe("the admin modules' resource routes (issue 42, item 10)", () => {
  it('send an anonymous visitor to the login page, which comes back to their module', () => {
    expect(adminGuard(anonymous, '/admin/audit-log/export.csv')).toBe('/admin/login?redirectTo=%2Fadmin%2Faudit-log');
    expect(adminGuard(anonymous, '/admin/backups/stored/cloudclip-x.tar.gz')).toBe(
      '/admin/login?redirectTo=%2Fadmin%2Fbackups',
    );
    // A thumbnail refuses with its own placeholder image (401), which an <img> can show.
    expect(adminGuard(anonymous, '/admin/file-management/thumbnail/abc')).toBeNull();
  });
  it("hold a key to its module's rights, as the module's page does", () => {
    const files = key(Permission.FILE_SHARE);
    expect(adminGuard(files, '/admin/audit-log/export.csv')).toBe('/admin/file-management');
    expect(adminGuard(files, '/admin/backups/download')).toBe('/admin/file-management');
    expect(adminGuard(files, '/admin/file-management/thumbnail/abc')).toBeNull();
    expect(adminGuard(admin, '/admin/audit-log/export.csv')).toBeNull();
  });
});

describe('system settings (docs/product/spec.md §2: admin only)', () => {
  it('refuse every key, whatever its bits, with 403, and let admins through', () => {
    for (const operation of ['settings.manage', 'admin.globalSettings', 'admin.webdavSettings'] as const) {
      expect(OPERATIONS[operation]).toEqual({ admin: true });
      expect(() => authorize(admin, operation)).not.toThrow();
      expect(() => authorize(key(204547), operation)).toThrowError(
        expect.objectContaining({ kind: 'forbidden', messageKey: 'adminRequired' }),
      );
    }
  });
  it('send keys away from the settings pages to their first module', () => {
    expect(adminGuard(key(Permission.TEXT), '/admin/settings/global')).toBe('/admin/text-management');
    expect(adminGuard(key(Permission.FILE_SHARE), '/admin/settings/webdav/')).toBe('/admin/file-management');
    expect(adminGuard(admin, '/admin/settings/global')).toBeNull();
  });
});

describe('file creator check (docs/product/spec.md §6)', () => {
  it('passes admins always, keys only for their own id with or without the prefix', () => {
    expect(isCreator(admin, 'someone-else')).toBe(true);
    expect(isCreator(key(1), 'apikey:k1')).toBe(true);
    expect(isCreator(key(1), 'k1')).toBe(true);
    expect(isCreator(key(1), 'apikey:k2')).toBe(false);
    expect(isCreator(key(1), 'apikey:k1x')).toBe(false);
    expect(isCreator(key(1), null)).toBe(false);
    expect(isCreator(anonymous, 'apikey:k1')).toBe(false);
  });
});
