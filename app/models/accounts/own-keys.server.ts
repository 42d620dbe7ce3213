import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { clearAuthCaches } from '~/auth/auth-cache.server';
import { AppError } from '~/lib/errors';
import type { CreateApiKeyInput } from '~/lib/schemas/api-keys';
import { audit, audited } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';
import { isWithin } from '~/storage/vfs/path';
import { KEY_ACCOUNT, insertApiKey, normalizeBasePath, toRecord, type ApiKeyRecord } from './api-keys.server';

/**
 * A member's own API keys (issue 44, item 2): made by the member signed in as itself (never by a key),
 * never with a bit or a path the member lacks — refused when asked, and ANDed with the member's rights
 * again whenever a key is used (account-principal.server.ts), so lowering the member lowers its keys.
 * Their uploads count against the member's quotas and their shares are the member's.
 */
function member(principal: Principal) {
  authorize(principal, 'account.self');
  if (principal.kind !== 'apikey' || !principal.accountId) throw new AppError('forbidden', 'memberOnly');
  return principal;
}

export async function listOwnKeys(ctx: ModelContext, principal: Principal): Promise<ApiKeyRecord[]> {
  const me = member(principal);
  const rows = await ctx.db.apiKey.findMany({
    where: { accountId: me.accountId, id: { not: me.ownerKeyId } },
    include: KEY_ACCOUNT,
    orderBy: { createdAt: 'desc' },
  });
  return rows.map((row) => toRecord(row, ctx.masterKey));
}

export async function createOwnKey(
  ctx: ModelContext,
  principal: Principal,
  input: CreateApiKeyInput,
): Promise<ApiKeyRecord> {
  const me = member(principal);
  if ((input.permissions & ~me.permissions) !== 0) throw new AppError('forbidden', 'keyRightsExceedAccount');
  if (!isWithin(normalizeBasePath(input.basic_path), me.basePath))
    throw new AppError('forbidden', 'keyPathOutsideAccount', { basePath: me.basePath });
  return audited(ctx, principal, { action: 'apikey.create', target: input.name }, () =>
    // The member's quotas bind its keys (they are charged to its rights row), so a key has none of its own.
    insertApiKey(
      ctx,
      { ...input, quota_bytes: null, quota_day_bytes: null, quota_day_shares: null, quota_file_bytes: null },
      me.accountId!,
    ),
  );
}

export async function deleteOwnKey(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  const me = member(principal);
  const key = await ctx.db.apiKey.findFirst({ where: { id, accountId: me.accountId, NOT: { id: me.ownerKeyId } } });
  if (!key) throw new AppError('not_found', 'keyNotFound');
  await ctx.db.apiKey.delete({ where: { id } });
  clearAuthCaches();
  audit(ctx, principal, { action: 'apikey.delete', target: key.name });
}
