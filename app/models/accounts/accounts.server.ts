import { randomUUID } from 'node:crypto';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { hashPassword } from '~/auth/password.server';
import { encrypt } from '~/auth/secrets.server';
import { randomString, sha256Hex } from '~/auth/tokens.server';
import { clearAuthCaches } from '~/auth/auth-cache.server';
import { AppError } from '~/lib/errors';
import type { CreateAccountInput, UpdateAccountInput } from '~/lib/schemas/accounts';
import { NEVER_EXPIRES } from '~/lib/schemas/api-keys';
import { audit, audited } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';
import { limitsOf, quotaUsage, type QuotaLimits, type QuotaUsage } from '~/models/quotas/quotas.server';
import { WITH_RIGHTS, accountName, type AccountRow } from './account-principal.server';
import { normalizeBasePath, quotaColumns } from './api-keys.server';
import { clearSecondFactor, hasSecondFactor } from './second-factor.server';

/**
 * The admin's management of accounts (issue 44, decision 0039; `/api/admin/users` and Admin →
 * Accounts): invite or create, change, disable, delete, reset the second factor, and see and end
 * sessions. A member's rights (bits, base path, quotas) live on its rights row, a key row that is
 * never usable as a key, so every rule a key obeys holds for members unchanged.
 */
export interface AccountRecord {
  id: string;
  username: string;
  name: string;
  email: string | null;
  role: 'admin' | 'member';
  disabled: boolean;
  secondFactor: boolean;
  /** Waiting for its invitation to be accepted (no password yet), and until when the link works. */
  invited: boolean;
  inviteExpiresAt: Date | null;
  createdAt: Date;
  /** A member's rights; an admin holds every right. */
  permissions: number;
  basePath: string;
  quotas: QuotaLimits | null;
  usage: QuotaUsage | null;
}

function toRecord(row: AccountRow, usage: QuotaUsage | null): AccountRecord {
  const member = row.role === 'member' && row.rightsKey;
  return {
    id: row.id,
    username: row.username,
    name: accountName(row),
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'member',
    disabled: row.disabled,
    secondFactor: hasSecondFactor(row),
    invited: row.passwordHash === '' && row.inviteHash !== null,
    inviteExpiresAt: row.inviteExpiresAt,
    createdAt: row.createdAt,
    permissions: member ? row.rightsKey!.permissions : 0,
    basePath: member ? row.rightsKey!.basicPath : '/',
    quotas: member ? limitsOf(row.rightsKey!) : null,
    usage,
  };
}

export async function listAccounts(ctx: ModelContext, principal: Principal): Promise<AccountRecord[]> {
  authorize(principal, 'accounts.manage');
  const rows = await ctx.db.admin.findMany({ include: WITH_RIGHTS, orderBy: { createdAt: 'asc' } });
  const usage = await quotaUsage(
    ctx,
    rows.flatMap((row) => (row.rightsKeyId ? [row.rightsKeyId] : [])),
  );
  return rows.map((row) => toRecord(row, row.rightsKeyId ? (usage.get(row.rightsKeyId) ?? null) : null));
}

async function accountRow(ctx: ModelContext, id: string): Promise<AccountRow> {
  const row = await ctx.db.admin.findUnique({ where: { id }, include: WITH_RIGHTS });
  if (!row) throw new AppError('not_found', 'accountNotFound');
  return row;
}

export async function getAccount(ctx: ModelContext, principal: Principal, id: string): Promise<AccountRecord> {
  authorize(principal, 'accounts.manage');
  return toRecord(await accountRow(ctx, id), null);
}

/** A one-time invitation (or password reset) token: only its digest is stored. */
function newInvitation(days: number) {
  const token = randomString(32);
  return { token, inviteHash: sha256Hex(token), inviteExpiresAt: new Date(Date.now() + days * 86_400_000) };
}

/** The rights row of a member: a key row whose secret nobody is ever given (decision 0039). */
function rightsRowData(ctx: ModelContext, accountId: string, input: Partial<CreateAccountInput>) {
  const secret = randomString(40);
  return {
    id: randomUUID(),
    name: `account:${accountId}`,
    keyDigest: sha256Hex(`rights\0${secret}`),
    keyEnc: encrypt(ctx.masterKey, secret),
    permissions: input.permissions ?? 0,
    basicPath: normalizeBasePath(input.basic_path ?? '/'),
    expiresAt: new Date(NEVER_EXPIRES),
    accountId,
    ...quotaColumns(input),
  };
}

/**
 * Invites an account (a one-time link that sets the password, valid `invite_days`) or, with a
 * password, creates it ready to sign in. Answers the record and the invitation token, shown once.
 */
export async function createAccount(
  ctx: ModelContext,
  principal: Principal,
  input: CreateAccountInput,
): Promise<{ account: AccountRecord; inviteToken: string | null }> {
  authorize(principal, 'accounts.manage');
  return audited(ctx, principal, { action: 'account.create', target: input.username }, async () => {
    if (await ctx.db.admin.findUnique({ where: { username: input.username } }))
      throw new AppError('conflict', 'usernameTaken');
    const invitation = input.password ? null : newInvitation(input.invite_days);
    const id = await insertAccount(ctx, {
      username: input.username,
      displayName: input.name || null,
      email: input.email || null,
      role: input.role,
      passwordHash: input.password ? await hashPassword(input.password) : '',
      inviteHash: invitation?.inviteHash ?? null,
      inviteExpiresAt: invitation?.inviteExpiresAt ?? null,
      rights: input,
    });
    return { account: toRecord(await accountRow(ctx, id), null), inviteToken: invitation?.token ?? null };
  });
}

/**
 * Writes a new account and its rights row, in one transaction (every account gets one, so a later
 * change of role keeps what was set). Answers its id. Callers check who may (createAccount) or
 * what the provider allows (sso.server.ts).
 */
export async function insertAccount(
  ctx: ModelContext,
  account: {
    username: string;
    displayName: string | null;
    email: string | null;
    role: string;
    passwordHash: string;
    inviteHash?: string | null;
    inviteExpiresAt?: Date | null;
    rights: Partial<CreateAccountInput>;
  },
): Promise<string> {
  const { rights: input, ...fields } = account;
  const id = randomUUID();
  const rights = rightsRowData(ctx, id, input);
  await ctx.db.$transaction(async (tx) => {
    await tx.admin.create({ data: { id, ...fields } });
    await tx.apiKey.create({ data: rights });
    await tx.admin.update({ where: { id }, data: { rightsKeyId: rights.id } });
  });
  return id;
}

/** Admins that would remain able to sign in if `exceptId` were disabled, demoted or deleted. */
async function otherActiveAdmins(ctx: ModelContext, exceptId: string): Promise<number> {
  return ctx.db.admin.count({ where: { role: 'admin', disabled: false, id: { not: exceptId } } });
}

async function assertNotLastAdmin(ctx: ModelContext, row: AccountRow, principal: Principal) {
  if (principal.kind === 'admin' && principal.adminId === row.id) throw new AppError('conflict', 'accountIsYours');
  if (row.role === 'admin' && (await otherActiveAdmins(ctx, row.id)) === 0) throw new AppError('conflict', 'lastAdmin');
}

/** Ends every session of an account at once (its cached ones too). */
async function endSessionsOf(ctx: ModelContext, accountId: string): Promise<number> {
  const { count } = await ctx.db.session.deleteMany({ where: { adminId: accountId } });
  clearAuthCaches();
  return count;
}

export async function updateAccount(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  input: UpdateAccountInput,
): Promise<AccountRecord> {
  authorize(principal, 'accounts.manage');
  const row = await accountRow(ctx, id);
  const demoted = input.role === 'member' && row.role === 'admin';
  if (input.disabled === true || demoted) await assertNotLastAdmin(ctx, row, principal);
  await ctx.db.$transaction(async (tx) => {
    await tx.admin.update({
      where: { id },
      data: {
        displayName: input.name === undefined ? undefined : input.name || null,
        email: input.email === undefined ? undefined : input.email || null,
        role: input.role,
        disabled: input.disabled,
      },
    });
    // An account made before accounts existed (the first admin) gets its rights row when it first needs one.
    if (!row.rightsKeyId && input.role === 'member') {
      const rights = rightsRowData(ctx, id, input);
      await tx.apiKey.create({ data: rights });
      await tx.admin.update({ where: { id }, data: { rightsKeyId: rights.id } });
    } else if (row.rightsKeyId)
      await tx.apiKey.update({
        where: { id: row.rightsKeyId },
        data: {
          permissions: input.permissions,
          basicPath: input.basic_path === undefined ? undefined : normalizeBasePath(input.basic_path),
          ...quotaColumns(input),
        },
      });
    // Disabled: every session ends now; keys, app passwords and upload requests stop with the account.
    if (input.disabled === true) await tx.session.deleteMany({ where: { adminId: id } });
  });
  clearAuthCaches();
  const fields = Object.keys(input).filter((field) => input[field as keyof UpdateAccountInput] !== undefined);
  audit(ctx, principal, { action: 'account.update', target: row.username, detail: fields.join(', ') });
  return toRecord(await accountRow(ctx, id), null);
}

export async function deleteAccount(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  authorize(principal, 'accounts.manage');
  const row = await accountRow(ctx, id);
  await assertNotLastAdmin(ctx, row, principal);
  // Its sessions, own keys, app passwords and recovery codes go with it (foreign keys); its rights
  // row too, so what it shared stays, owned by no one, as a deleted key's shares do.
  await ctx.db.$transaction([
    ctx.db.apiKey.deleteMany({ where: { accountId: id } }),
    ctx.db.admin.delete({ where: { id } }),
  ]);
  clearAuthCaches();
  audit(ctx, principal, { action: 'account.delete', target: row.username });
}

/** A new one-time link: an invitation again, or a password reset (the old password works until it is used). */
export async function reinviteAccount(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  days = 7,
): Promise<{ token: string; expiresAt: Date }> {
  authorize(principal, 'accounts.manage');
  const row = await accountRow(ctx, id);
  const invitation = newInvitation(days);
  await ctx.db.admin.update({
    where: { id },
    data: { inviteHash: invitation.inviteHash, inviteExpiresAt: invitation.inviteExpiresAt },
  });
  audit(ctx, principal, { action: 'account.update', target: row.username, detail: 'invitation' });
  return { token: invitation.token, expiresAt: invitation.inviteExpiresAt };
}

/** For an account that lost its second factor: removed, with its recovery codes; it enrols again. */
export async function resetAccountSecondFactor(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  authorize(principal, 'accounts.manage');
  const row = await accountRow(ctx, id);
  await clearSecondFactor(ctx, id);
  audit(ctx, principal, { action: 'account.resetSecondFactor', target: row.username });
}

/**
 * For the server's operator when an admin is locked out (`npm run recover-account`, docs/accounts.md):
 * the account's second factor goes, it is enabled, its sessions end, and a one-time link (a day)
 * sets a new password. Only someone with a shell on the server gets here.
 */
export async function recoverAccount(ctx: ModelContext, username: string): Promise<{ token: string; expiresAt: Date }> {
  const row = await ctx.db.admin.findUnique({ where: { username }, include: WITH_RIGHTS });
  if (!row) throw new AppError('not_found', 'accountNotFound');
  await clearSecondFactor(ctx, row.id);
  const invitation = newInvitation(1);
  await ctx.db.admin.update({
    where: { id: row.id },
    data: { disabled: false, inviteHash: invitation.inviteHash, inviteExpiresAt: invitation.inviteExpiresAt },
  });
  await endSessionsOf(ctx, row.id);
  audit(ctx, 'system', { action: 'account.resetSecondFactor', target: row.username, detail: 'recover-account' });
  return { token: invitation.token, expiresAt: invitation.inviteExpiresAt };
}

export interface SessionRecord {
  /** A prefix of the token's digest: enough to name it, never enough to use it. */
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  address: string | null;
  agent: string | null;
}

const SESSION_ID_LENGTH = 16;

export async function sessionsOf(ctx: ModelContext, accountId: string): Promise<SessionRecord[]> {
  const rows = await ctx.db.session.findMany({
    where: { adminId: accountId, kind: 'admin', expiresAt: { gt: new Date() } },
    orderBy: { lastSeenAt: 'desc' },
  });
  return rows.map((row) => ({
    id: row.tokenHash.slice(0, SESSION_ID_LENGTH),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    address: row.address,
    agent: row.agent,
  }));
}

export async function accountSessions(ctx: ModelContext, principal: Principal, id: string) {
  authorize(principal, 'accounts.manage');
  await accountRow(ctx, id);
  return sessionsOf(ctx, id);
}

/** Ends one session of an account (`sessionId`) or all of them; answers how many ended. */
export async function endSessions(ctx: ModelContext, accountId: string, sessionId?: string): Promise<number> {
  if (sessionId === undefined) return endSessionsOf(ctx, accountId);
  if (!/^[0-9a-f]{16}$/.test(sessionId)) throw new AppError('not_found', 'sessionNotFound');
  const { count } = await ctx.db.session.deleteMany({
    where: { adminId: accountId, tokenHash: { startsWith: sessionId } },
  });
  clearAuthCaches();
  if (count === 0) throw new AppError('not_found', 'sessionNotFound');
  return count;
}

export async function endAccountSessions(ctx: ModelContext, principal: Principal, id: string, sessionId?: string) {
  authorize(principal, 'accounts.manage');
  const row = await accountRow(ctx, id);
  const count = await endSessions(ctx, id, sessionId);
  audit(ctx, principal, { action: 'account.endSessions', target: row.username, detail: String(count) });
  return count;
}
