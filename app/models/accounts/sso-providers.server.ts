import { randomUUID } from 'node:crypto';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { decrypt, encrypt } from '~/auth/secrets.server';
import { AppError } from '~/lib/errors';
import type { CreateSsoProviderInput } from '~/lib/schemas/sso';
import { audit } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';

/**
 * The OpenID Connect providers an admin configured (issue 44, item 3): issuer, client id and sealed
 * secret, the e-mail domains allowed, the group claim that makes admins, and whether a first sign-in
 * makes a member. Sign-in with them is models/accounts/sso.server.ts.
 */
export interface SsoProviderRecord {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  allowedDomains: string[];
  groupClaim: string;
  adminGroup: string | null;
  autoCreate: boolean;
}

/** What a sign-in needs besides the record: the client secret, opened. */
export interface SsoProviderSecrets extends SsoProviderRecord {
  clientSecret: string;
}

const domainsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);

function toRecord(row: {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  allowedDomains: string;
  groupClaim: string;
  adminGroup: string | null;
  autoCreate: boolean;
}): SsoProviderRecord {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    allowedDomains: domainsOf(row.allowedDomains),
    groupClaim: row.groupClaim,
    adminGroup: row.adminGroup,
    autoCreate: row.autoCreate,
  };
}

/** The buttons of the login page: names only. */
export async function ssoButtons(ctx: ModelContext): Promise<{ id: string; name: string }[]> {
  return ctx.db.ssoProvider.findMany({ select: { id: true, name: true }, orderBy: { createdAt: 'asc' } });
}

export async function listSsoProviders(ctx: ModelContext, principal: Principal): Promise<SsoProviderRecord[]> {
  authorize(principal, 'accounts.manage');
  return (await ctx.db.ssoProvider.findMany({ orderBy: { createdAt: 'asc' } })).map(toRecord);
}

export async function createSsoProvider(
  ctx: ModelContext,
  principal: Principal,
  input: CreateSsoProviderInput,
): Promise<SsoProviderRecord> {
  authorize(principal, 'accounts.manage');
  const row = await ctx.db.ssoProvider.create({
    data: {
      id: randomUUID(),
      name: input.name,
      issuer: input.issuer.replace(/\/+$/, ''),
      clientId: input.client_id,
      clientSecretEnc: encrypt(ctx.masterKey, input.client_secret),
      allowedDomains: domainsOf(input.allowed_domains).join(', '),
      groupClaim: input.group_claim || 'groups',
      adminGroup: input.admin_group || null,
      autoCreate: input.auto_create,
    },
  });
  audit(ctx, principal, { action: 'account.update', target: input.name, detail: 'sso provider added' });
  return toRecord(row);
}

export async function deleteSsoProvider(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  authorize(principal, 'accounts.manage');
  const row = await ctx.db.ssoProvider.findUnique({ where: { id } });
  if (!row) throw new AppError('not_found', 'ssoProviderNotFound');
  await ctx.db.ssoProvider.delete({ where: { id } });
  audit(ctx, principal, { action: 'account.update', target: row.name, detail: 'sso provider removed' });
}

export async function ssoProviderSecrets(ctx: ModelContext, id: string): Promise<SsoProviderSecrets> {
  const row = await ctx.db.ssoProvider.findUnique({ where: { id } });
  if (!row) throw new AppError('not_found', 'ssoProviderNotFound');
  return { ...toRecord(row), clientSecret: decrypt(ctx.masterKey, row.clientSecretEnc) };
}
