import type { Principal } from '~/auth/principal';

/** What a list tells a key holder about their key, beside `data` (docs/product/api.md §3.3, §3.4). */
export function presentFilesKeyInfo(principal: Principal) {
  if (principal.kind !== 'apikey') return {};
  return { key_info: { id: principal.keyId, name: principal.name, basicPath: principal.basePath } };
}

export function presentPastesKeyInfo(principal: Principal) {
  if (principal.kind !== 'apikey') return {};
  return {
    key_info: {
      id: principal.keyId,
      name: principal.name,
      basicPath: principal.basePath,
      permissions: principal.permissions,
      role: principal.role,
      isGuest: principal.isGuest,
    },
  };
}
