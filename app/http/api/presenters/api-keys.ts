import { permissionNames } from '~/lib/permissions';
import type { ApiKeyRecord } from '~/models/accounts/api-keys.server';

/** The key object of docs/product/api.md §3.2. It carries the secret: only admins ever get it. */
export function presentApiKey(key: ApiKeyRecord) {
  return {
    id: key.id,
    name: key.name,
    key: key.key,
    key_masked: `${key.key.slice(0, 6)}...`,
    permissions: key.permissions,
    role: key.role,
    basic_path: key.basePath,
    is_guest: key.isGuest ? 1 : 0,
    last_used: key.lastUsedAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt.toISOString(),
    expired: key.expiresAt.getTime() <= Date.now(),
    permission_names: permissionNames(key.permissions),
  };
}
