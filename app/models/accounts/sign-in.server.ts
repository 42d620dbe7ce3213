import { loginAttemptKey } from '~/auth/rate-limit.server';
import { ANONYMOUS, type Principal } from '~/auth/principal';
import { sha256Hex } from '~/auth/tokens.server';
import { audit } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';
import { getSetting } from '~/models/settings/settings.server';
import { AppError, isAppError } from '~/lib/errors';
import { MOUNT_PERMISSIONS, Permission } from '~/lib/permissions';
import type { Admin } from '~/generated/prisma/client';
import { WITH_RIGHTS, accountPrincipal, type AccountRow } from './account-principal.server';
import { verifyAdminBasic, verifyAdminCredentials } from './admins.server';
import { accountOfAppPassword } from './app-passwords.server';
import { authenticateApiKey } from './api-keys.server';
import { hasSecondFactor, secondFactorMatches } from './second-factor.server';
import { passkeyCount } from './passkeys.server';
import { createSession, type SessionClient } from './sessions.server';

/**
 * The one way in (issue 44, item 5; decision 0039). Every door that turns a credential into a
 * session, a token or a principal — the login form, the JSON login, HTTP Basic (WebDAV and the
 * API), invitation acceptance, the key login — comes through here, and here alone are sessions
 * made (tests/lint/one-way-in.test.ts holds that). Each applies, in this order: the per-address
 * and per-name rate limit (counted before the slow check), the password, the disabled flag, the
 * second factor (the account's own, or the admins' policy), and the audit event.
 */

export type SignInClient = SessionClient & { address: string };

export type SignInResult =
  | { kind: 'session'; principal: Principal; token: string; expiresAt: Date }
  /** The password was right; the second factor (or its enrolment, `enrol`) comes next, within 10 minutes. */
  | { kind: 'secondFactor'; pendingToken: string; expiresAt: Date; enrol: boolean };

/** The older name of a finished sign-in, which the doors that cannot ask for more still use. */
export type LoginResult = Extract<SignInResult, { kind: 'session' }>;

const PENDING_TTL_MS = 10 * 60_000;

/** Bits that make a key useful in the web UI; a WebDAV-only key cannot log in there. */
const PANEL_PERMISSIONS = Permission.TEXT | Permission.FILE_SHARE | MOUNT_PERMISSIONS;

/** The admins' policy (setting require_second_factor): "off", "admins" or "everyone". */
export async function secondFactorRequired(ctx: ModelContext, role: string): Promise<boolean> {
  const policy = await getSetting(ctx, 'require_second_factor');
  return policy === 'everyone' || (policy === 'admins' && role === 'admin');
}

/** Whether the account has a second factor: TOTP, or a passkey. */
export async function enrolled(ctx: ModelContext, account: Admin): Promise<boolean> {
  return hasSecondFactor(account) || (await passkeyCount(ctx, account.id)) > 0;
}

/** Whether this account must show a second factor (or enrol one) before it gets a session. */
export async function needsSecondFactor(ctx: ModelContext, account: Admin): Promise<boolean> {
  return (await enrolled(ctx, account)) || (await secondFactorRequired(ctx, account.role));
}

function refuse(ctx: ModelContext, name: string | null, error: AppError): never {
  recordFailedLogin(ctx, name, error);
  throw error;
}

/** The password check of every door, under the login limit (success does not clear failures). */
async function checkPassword(ctx: ModelContext, username: string, password: string, address: string) {
  // Someone holding one valid credential could otherwise mix in good logins to keep guessing.
  return ctx.loginLimiter
    .guard(
      loginAttemptKey(address, username),
      () => verifyAdminCredentials(ctx, username, password),
      new AppError('unauthenticated', 'invalidCredentials'),
    )
    .catch((error: unknown) => refuse(ctx, username, error as AppError));
}

async function startSession(ctx: ModelContext, account: AccountRow, client: SignInClient): Promise<SignInResult> {
  const principal = accountPrincipal(account);
  if (!principal) return refuse(ctx, account.username, new AppError('forbidden', 'accountDisabled'));
  const session = await createSession(ctx, { kind: 'admin', adminId: account.id }, undefined, client);
  audit(ctx, principal, { action: 'auth.login', target: account.username });
  return { kind: 'session', principal, ...session };
}

/**
 * What follows a right password (or an accepted invitation): a session, or the second step. A door
 * that can ask for the second factor on another page (`canAsk`) gets a pending sign-in; one that
 * cannot (the JSON login without a `code`) is refused, saying what is missing.
 */
async function admit(
  ctx: ModelContext,
  account: AccountRow,
  { code, canAsk, client }: { code?: string; canAsk: boolean; client: SignInClient },
): Promise<SignInResult> {
  if (account.disabled) return refuse(ctx, account.username, new AppError('forbidden', 'accountDisabled'));
  if (!(await needsSecondFactor(ctx, account))) return startSession(ctx, account, client);
  const has = await enrolled(ctx, account);
  if (code && has) return checkSecondFactor(ctx, account, code, client);
  if (!canAsk)
    return refuse(
      ctx,
      account.username,
      new AppError('unauthenticated', has ? 'secondFactorRequired' : 'secondFactorEnrolRequired'),
    );
  const pending = await createSession(ctx, { kind: 'pending', adminId: account.id }, PENDING_TTL_MS, client);
  return { kind: 'secondFactor', pendingToken: pending.token, expiresAt: pending.expiresAt, enrol: !has };
}

/** A TOTP or recovery code, counted against the same limit as passwords (per address and name). */
async function checkSecondFactor(
  ctx: ModelContext,
  account: AccountRow,
  code: string,
  client: SignInClient,
): Promise<SignInResult> {
  await ctx.loginLimiter
    .guard(
      loginAttemptKey(client.address, account.username),
      async () => ((await secondFactorMatches(ctx, account, code)) ? true : null),
      new AppError('unauthenticated', 'secondFactorWrong'),
    )
    .catch((error: unknown) => refuse(ctx, account.username, error as AppError));
  return startSession(ctx, account, client);
}

/** The login form and the JSON login (`code`: a TOTP or recovery code sent with the password). */
export async function signInWithPassword(
  ctx: ModelContext,
  input: { username: string; password: string; code?: string },
  client: SignInClient,
  { canAsk }: { canAsk: boolean },
): Promise<SignInResult> {
  const found = await checkPassword(ctx, input.username, input.password, client.address);
  const account = await ctx.db.admin.findUnique({ where: { id: found.id }, include: WITH_RIGHTS });
  if (!account) return refuse(ctx, input.username, new AppError('unauthenticated', 'invalidCredentials'));
  return admit(ctx, account, { code: input.code, canAsk, client });
}

/** The JSON login, which v0.7.3 clients call: a finished sign-in or a refusal saying what is missing. */
export async function loginAdmin(
  ctx: ModelContext,
  input: { username: string; password: string; code?: string },
  address: string,
  client: SessionClient = {},
): Promise<LoginResult> {
  const result = await signInWithPassword(ctx, input, { ...client, address }, { canAsk: false });
  if (result.kind !== 'session') throw new AppError('unauthenticated', 'secondFactorRequired');
  return result;
}

/** The account a pending sign-in belongs to, or null when it is unknown or expired. */
export async function pendingAccount(ctx: ModelContext, pendingToken: string): Promise<AccountRow | null> {
  if (!pendingToken || pendingToken.length > 200) return null;
  const row = await ctx.db.session.findUnique({
    where: { tokenHash: sha256Hex(pendingToken) },
    include: { admin: { include: WITH_RIGHTS } },
  });
  if (!row || row.kind !== 'pending' || row.expiresAt <= new Date() || !row.admin) return null;
  return row.admin;
}

/** The second step of a form sign-in: the code, then the pending sign-in becomes a session. */
export async function finishSignIn(
  ctx: ModelContext,
  pendingToken: string,
  code: string,
  client: SignInClient,
): Promise<LoginResult> {
  const account = await pendingAccount(ctx, pendingToken);
  if (!account) throw new AppError('unauthenticated', 'signInExpired');
  if (account.disabled) return refuse(ctx, account.username, new AppError('forbidden', 'accountDisabled'));
  const result = await checkSecondFactor(ctx, account, code, client);
  await endPending(ctx, pendingToken);
  return result as LoginResult;
}

/** After a forced enrolment confirmed its first code (models/accounts/security.server.ts): the session. */
export async function finishEnrolledSignIn(
  ctx: ModelContext,
  pendingToken: string,
  client: SignInClient,
): Promise<LoginResult> {
  const account = await pendingAccount(ctx, pendingToken);
  if (!account || !hasSecondFactor(account)) throw new AppError('unauthenticated', 'signInExpired');
  await endPending(ctx, pendingToken);
  return (await startSession(ctx, account, client)) as LoginResult;
}

async function endPending(ctx: ModelContext, pendingToken: string): Promise<void> {
  await ctx.db.session.deleteMany({ where: { tokenHash: sha256Hex(pendingToken), kind: 'pending' } });
}

/**
 * A passkey the authenticator signed (models/accounts/passkeys.server.ts checked it): the second
 * step of the pending sign-in it was asked for, or a sign-in on its own when the authenticator
 * verified the user (something held, and a PIN or a fingerprint: two factors).
 */
export async function signInWithPasskey(
  ctx: ModelContext,
  verified: { account: AccountRow; userVerified: boolean; pendingAccountId: string | null },
  pendingToken: string | null,
  client: SignInClient,
): Promise<LoginResult> {
  const { account } = verified;
  if (account.disabled) return refuse(ctx, account.username, new AppError('forbidden', 'accountDisabled'));
  if (verified.pendingAccountId) {
    const pending = pendingToken ? await pendingAccount(ctx, pendingToken) : null;
    if (!pending || pending.id !== account.id) throw new AppError('unauthenticated', 'signInExpired');
    await endPending(ctx, pendingToken!);
  } else if (!verified.userVerified) {
    return refuse(ctx, account.username, new AppError('unauthenticated', 'passkeyNeedsVerification'));
  }
  return (await startSession(ctx, account, client)) as LoginResult;
}

/** After a provider vouched for the account (models/accounts/sso.server.ts): in, as after a password. */
export async function signInFederated(ctx: ModelContext, account: AccountRow, client: SignInClient) {
  return admit(ctx, account, { canAsk: true, client });
}

/** After an invitation set the password (models/accounts/invitations.server.ts): in, as after a login. */
export async function signInInvited(ctx: ModelContext, account: AccountRow, client: SignInClient) {
  return admit(ctx, account, { canAsk: true, client });
}

/**
 * Browser login with an API key (docs/product/spec.md §6: an invalid key and a key without enough permissions get
 * different messages). The key itself never goes into the cookie: a session token does.
 */
export async function loginApiKey(
  ctx: ModelContext,
  apiKey: string,
  address: string,
  client: SessionClient = {},
): Promise<LoginResult> {
  // The key itself is never recorded: a mistyped key is still most of a key.
  const key = await ctx.loginLimiter
    .guard(
      loginAttemptKey(address, null),
      () => authenticateApiKey(ctx, apiKey),
      new AppError('unauthenticated', 'apiKeyInvalid'),
    )
    .catch((error: unknown) => refuse(ctx, null, error as AppError));
  if ((key.permissions & PANEL_PERMISSIONS) === 0) {
    audit(ctx, key, { action: 'auth.login', target: key.name, result: 'denied', detail: 'apiKeyNoPermission' });
    throw new AppError('forbidden', 'apiKeyNoPermission');
  }
  const session = await createSession(ctx, { kind: 'apikey', apiKeyId: key.keyId }, undefined, { ...client, address });
  audit(ctx, key, { action: 'auth.login', target: key.name });
  return { kind: 'session', principal: key, ...session };
}

/**
 * HTTP Basic (WebDAV clients, scripts): `key:key` for an API key with a WebDAV bit, an account's
 * name with one of its app passwords, or — only for an account that has no second factor and is not
 * required to have one — its password. A refusal is null (the door answers 401); wrong passwords
 * count against the login limit.
 */
export async function signInBasic(ctx: ModelContext, user: string, pass: string, address: string) {
  if (user && user === pass) {
    const key = await authenticateApiKey(ctx, user);
    if (key && (key.permissions & Permission.WEBDAV_READ) !== 0) return key;
  }
  const byAppPassword = await accountOfAppPassword(ctx, user, pass);
  if (byAppPassword) return accountPrincipal(byAppPassword);
  const found = await ctx.loginLimiter
    .guard(
      loginAttemptKey(address, user),
      () => verifyAdminBasic(ctx, user, pass),
      new AppError('unauthenticated', 'authRequired'),
    )
    .catch((error: unknown) => {
      // A key tried as key:key is not named in the log: a mistyped key is still most of a key.
      recordFailedLogin(ctx, user === pass ? null : user, error);
      if (error instanceof AppError && error.kind === 'unauthenticated') return null;
      throw error;
    });
  if (!found) return null;
  const account = await ctx.db.admin.findUnique({ where: { id: found.id }, include: WITH_RIGHTS });
  if (!account || account.disabled) return null;
  if (await needsSecondFactor(ctx, account)) {
    recordFailedLogin(ctx, user, new AppError('unauthenticated', 'appPasswordRequired'));
    return null;
  }
  return accountPrincipal(account);
}

/** A refused login, recorded as anonymous with the name tried (never a password or a key). */
export function recordFailedLogin(ctx: ModelContext, name: string | null, error: unknown): void {
  const detail = isAppError(error) ? error.messageKey : 'unexpected';
  audit(ctx, ANONYMOUS, { action: 'auth.loginFailed', target: name, result: 'failed', detail });
}
