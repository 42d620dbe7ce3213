import type { Admin, ApiKey } from '~/generated/prisma/client';
import type { ApiKeyPrincipal, Principal } from '~/auth/principal';
import { isWithin } from '~/storage/vfs/path';
import { authorize } from '~/auth/operations';
import { AppError } from '~/lib/errors';

/**
 * Who an account, a member's key or a plain key is, as a Principal (decision 0039). An admin account
 * is `admin`; a member is an `apikey` principal whose rights are its rights row's, so every rule a
 * key obeys (bits, base path, quotas, ownership) holds for members with no second code path.
 */
export type AccountRow = Admin & { rightsKey: ApiKey | null };

/** The include that loads what `accountPrincipal` needs with an account. */
export const WITH_RIGHTS = { rightsKey: true } as const;

export const accountName = (account: Pick<Admin, 'displayName' | 'username'>) =>
  account.displayName || account.username;

/** A signed-in account's principal, or null when it is disabled or a member without its rights row. */
export function accountPrincipal(account: AccountRow): Principal | null {
  if (account.disabled) return null;
  if (account.role === 'admin') return { kind: 'admin', adminId: account.id, username: account.username };
  if (!account.rightsKey) return null;
  const rights = account.rightsKey;
  return {
    kind: 'apikey',
    keyId: rights.id,
    name: accountName(account),
    permissions: rights.permissions,
    basePath: rights.basicPath,
    role: rights.role,
    isGuest: false,
    accountId: account.id,
    ownerKeyId: rights.id,
  };
}

/** A key an admin handed out. */
export function plainKeyPrincipal(row: ApiKey): ApiKeyPrincipal {
  return {
    kind: 'apikey',
    keyId: row.id,
    name: row.name,
    permissions: row.permissions,
    basePath: row.basicPath,
    role: row.role,
    isGuest: row.isGuest,
    accountId: null,
    ownerKeyId: row.id,
  };
}

/**
 * A key row as a principal: a plain key as it is; a member's own key never with more than the
 * member has now (its bits ANDed with the member's, its base path only inside the member's), and
 * nothing once the account is disabled. A member's rights row is never a key (`asKey`); it stands
 * for the member only where a record names it as its creator.
 */
export function keyRowPrincipal(
  row: ApiKey & { account: AccountRow | null },
  { asKey }: { asKey: boolean },
): ApiKeyPrincipal | null {
  if (!row.accountId) return plainKeyPrincipal(row);
  const account = row.account;
  if (!account) return null;
  const member = accountPrincipal(account);
  if (!member || member.kind !== 'apikey') return null;
  if (row.id === account.rightsKeyId) return asKey ? null : member;
  return {
    ...plainKeyPrincipal(row),
    permissions: row.permissions & member.permissions,
    basePath: isWithin(row.basicPath, member.basePath) ? row.basicPath : member.basePath,
    accountId: account.id,
    ownerKeyId: member.ownerKeyId,
  };
}

/** The account a principal is signed in as (an admin, or a member as itself), for its own settings. */
export function accountIdOf(principal: Principal): string {
  authorize(principal, 'account.self');
  if (principal.kind === 'admin') return principal.adminId;
  if (principal.kind === 'apikey' && principal.accountId) return principal.accountId;
  throw new AppError('forbidden', 'accountRequired');
}
