import type { Principal } from '~/auth/principal';
import { loginAttemptKey } from '~/auth/rate-limit.server';
import { verifyPassword } from '~/auth/password.server';
import { AppError } from '~/lib/errors';
import { audit } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';
import { WITH_RIGHTS, accountIdOf, type AccountRow } from './account-principal.server';
import { listPasskeys, type PasskeyRecord } from './passkeys.server';
import { endSessions, sessionsOf, type SessionRecord } from './accounts.server';
import { createAppPassword, listAppPasswords, revokeAppPassword, type AppPasswordRecord } from './app-passwords.server';
import {
  clearSecondFactor,
  confirmTotp,
  hasSecondFactor,
  pendingTotp,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  startTotp,
  type TotpEnrolment,
} from './second-factor.server';
import {
  finishEnrolledSignIn,
  pendingAccount,
  secondFactorRequired,
  type LoginResult,
  type SignInClient,
} from './sign-in.server';

/**
 * An account's own sign-in settings (issue 44; Admin → Account): its second factor, recovery codes,
 * app passwords and sessions; and the enrolment a sign-in must finish when the admins require a
 * second factor the account does not have yet.
 */

async function myAccount(ctx: ModelContext, principal: Principal): Promise<AccountRow> {
  const row = await ctx.db.admin.findUnique({ where: { id: accountIdOf(principal) }, include: WITH_RIGHTS });
  if (!row || row.disabled) throw new AppError('unauthenticated', 'authRequired');
  return row;
}

export interface SecurityOverview {
  username: string;
  role: string;
  secondFactor: boolean;
  /** The admins require one of this account (it cannot be turned off). */
  secondFactorRequired: boolean;
  recoveryCodesLeft: number;
  /** A TOTP enrolment started and not yet confirmed. */
  enrolment: TotpEnrolment | null;
  appPasswords: AppPasswordRecord[];
  passkeys: PasskeyRecord[];
  sessions: SessionRecord[];
}

export async function securityOverview(ctx: ModelContext, principal: Principal): Promise<SecurityOverview> {
  const account = await myAccount(ctx, principal);
  return {
    username: account.username,
    role: account.role,
    secondFactor: hasSecondFactor(account),
    secondFactorRequired: await secondFactorRequired(ctx, account.role),
    recoveryCodesLeft: await recoveryCodesLeft(ctx, account.id),
    enrolment: pendingTotp(ctx, account),
    appPasswords: await listAppPasswords(ctx, account.id),
    passkeys: await listPasskeys(ctx, account.id),
    sessions: await sessionsOf(ctx, account.id),
  };
}

export async function startMyTotp(ctx: ModelContext, principal: Principal): Promise<TotpEnrolment> {
  return startTotp(ctx, await myAccount(ctx, principal));
}

/** Confirms the enrolment with a code from the app; answers the ten recovery codes, shown once. */
export async function confirmMyTotp(ctx: ModelContext, principal: Principal, code: string): Promise<string[]> {
  const account = await myAccount(ctx, principal);
  const codes = await confirmTotp(ctx, account, code);
  audit(ctx, principal, { action: 'auth.secondFactor', target: account.username, detail: 'on' });
  return codes;
}

/** Checks the account's password again before a change that weakens or replaces its second factor. */
async function recheckPassword(ctx: ModelContext, account: AccountRow, password: string, address: string) {
  await ctx.loginLimiter.guard(
    loginAttemptKey(address, account.username),
    async () => ((await verifyPassword(password, account.passwordHash)) ? true : null),
    new AppError('unauthenticated', 'currentPasswordWrong'),
  );
}

export async function disableMyTotp(ctx: ModelContext, principal: Principal, password: string, address: string) {
  const account = await myAccount(ctx, principal);
  if (await secondFactorRequired(ctx, account.role)) throw new AppError('forbidden', 'secondFactorPolicy');
  await recheckPassword(ctx, account, password, address);
  await clearSecondFactor(ctx, account.id);
  audit(ctx, principal, { action: 'auth.secondFactor', target: account.username, detail: 'off' });
}

export async function newMyRecoveryCodes(ctx: ModelContext, principal: Principal, password: string, address: string) {
  const account = await myAccount(ctx, principal);
  await recheckPassword(ctx, account, password, address);
  const codes = await replaceRecoveryCodes(ctx, account);
  audit(ctx, principal, { action: 'auth.secondFactor', target: account.username, detail: 'recoveryCodes' });
  return codes;
}

export async function createMyAppPassword(ctx: ModelContext, principal: Principal, name: string) {
  const account = await myAccount(ctx, principal);
  const made = await createAppPassword(ctx, account.id, name);
  audit(ctx, principal, { action: 'auth.appPassword', target: made.name, detail: 'create' });
  return made;
}

export async function revokeMyAppPassword(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  const account = await myAccount(ctx, principal);
  const name = await revokeAppPassword(ctx, account.id, id);
  audit(ctx, principal, { action: 'auth.appPassword', target: name, detail: 'revoke' });
}

export async function endMySession(ctx: ModelContext, principal: Principal, sessionId: string): Promise<void> {
  await endSessions(ctx, accountIdOf(principal), sessionId);
}

/** The enrolment a required second factor makes a sign-in finish first (its pending token). */
export async function startPendingTotp(ctx: ModelContext, pendingToken: string): Promise<TotpEnrolment> {
  const account = await pendingAccount(ctx, pendingToken);
  if (!account) throw new AppError('unauthenticated', 'signInExpired');
  return pendingTotp(ctx, account) ?? startTotp(ctx, account);
}

export async function confirmPendingTotp(
  ctx: ModelContext,
  pendingToken: string,
  code: string,
  client: SignInClient,
): Promise<{ recoveryCodes: string[]; session: LoginResult }> {
  const account = await pendingAccount(ctx, pendingToken);
  if (!account) throw new AppError('unauthenticated', 'signInExpired');
  const recoveryCodes = await ctx.loginLimiter.guard(
    loginAttemptKey(client.address, account.username),
    () => confirmTotp(ctx, account, code).catch(() => null),
    new AppError('invalid', 'secondFactorWrong'),
  );
  const session = await finishEnrolledSignIn(ctx, pendingToken, client);
  audit(ctx, session.principal, { action: 'auth.secondFactor', target: account.username, detail: 'on' });
  return { recoveryCodes, session };
}
