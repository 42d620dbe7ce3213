import type { ApiKeyPrincipal, Principal } from '~/auth/principal';
import { ensureFirstAdmin } from '~/models/accounts/admins.server';
import type { ModelContext } from '~/models/context.server';
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

/**
 * Makes the first admin on a model context (as a first start does, with this password) and answers
 * it as a principal: the account model tests start from it.
 */
export async function firstAdmin(ctx: ModelContext, password = 'root-password'): Promise<Principal> {
  await ensureFirstAdmin(ctx, { username: 'root', password });
  const row = (await ctx.db.admin.findFirst({ where: { username: 'root' } }))!;
  return { kind: 'admin', adminId: row.id, username: row.username };
}

/**
 * A key with a row in the database, never expiring: what runs on its creator's current authority
 * (a copy task) looks the key up there.
 */
export async function storedKey(ctx: ModelContext, keyId: string, permissions: number): Promise<ApiKeyPrincipal> {
  await ctx.db.apiKey.create({
    data: {
      id: keyId,
      name: keyId,
      keyDigest: 'digest',
      keyEnc: 'enc',
      permissions,
      expiresAt: new Date('9999-12-31T23:59:59Z'),
    },
  });
  return keyPrincipal(keyId, permissions);
}
