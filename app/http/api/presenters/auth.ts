import { ALL_PERMISSIONS, permissionsToObject } from '~/lib/permissions';
import type { Principal } from '~/auth/principal';

/** The wire shapes of sign-in and the token probes (docs/product/api.md §3.1). */

export function presentLogin(principal: Principal, token: string, expiresAt: Date) {
  return {
    username: principal.kind === 'admin' ? principal.username : principal.kind === 'apikey' ? principal.name : '',
    token,
    expiresAt: expiresAt.toISOString(),
  };
}

/** `GET /test/api-key`: the key's name, base path and bits; the admin answers as a key with every bit. */
export function presentKeyProbe(principal: Extract<Principal, { kind: 'admin' | 'apikey' }>, adminName: string) {
  if (principal.kind === 'admin')
    return {
      name: adminName,
      basic_path: '/',
      permissions: permissionsToObject(ALL_PERMISSIONS),
      key_info: { id: principal.adminId, name: adminName, basic_path: '/' },
      is_admin: true,
    };
  return {
    name: principal.name,
    basic_path: principal.basePath,
    permissions: permissionsToObject(principal.permissions),
    key_info: { id: principal.keyId, name: principal.name, basic_path: principal.basePath },
  };
}
