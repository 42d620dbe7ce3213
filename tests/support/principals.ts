import type { ApiKeyPrincipal, Principal } from '~/auth/principal';
import { Permission } from '~/lib/permissions';

/** Principals for model tests: an admin, keys with chosen bits, and nobody. */
export const ADMIN: Principal = { kind: 'admin', adminId: 'admin-1', username: 'admin' };
export const ANONYMOUS: Principal = { kind: 'anonymous' };

export function keyPrincipal(
  keyId: string,
  permissions: number = Permission.TEXT | Permission.FILE_SHARE,
  basePath = '/',
): ApiKeyPrincipal {
  return {
    kind: 'apikey',
    keyId,
    name: keyId,
    permissions,
    basePath,
    role: 'GENERAL',
    isGuest: false,
    accountId: null,
    ownerKeyId: keyId,
  };
}
