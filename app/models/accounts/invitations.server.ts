import { loginAttemptKey } from '~/auth/rate-limit.server';
import { hashPassword } from '~/auth/password.server';
import { sha256Hex } from '~/auth/tokens.server';
import { clearAuthCaches } from '~/auth/auth-cache.server';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { WITH_RIGHTS, accountName } from './account-principal.server';
import { signInInvited, type SignInClient, type SignInResult } from './sign-in.server';

/**
 * Invitation links and password resets (issue 44): one-time tokens an admin makes
 * (models/accounts/accounts.server.ts); only their SHA-256 is stored. Accepting sets the password and
 * signs in through the one way in, so a second factor the account has, or must have, is asked next.
 */
async function invitedRow(ctx: ModelContext, token: string) {
  if (!/^[A-Za-z0-9]{32}$/.test(token)) return null;
  return ctx.db.admin.findUnique({ where: { inviteHash: sha256Hex(token) }, include: WITH_RIGHTS });
}

export interface InvitationRecord {
  username: string;
  name: string;
  /** A reset of an account that already had a password, rather than a first invitation. */
  reset: boolean;
  expired: boolean;
}

export async function invitationOf(ctx: ModelContext, token: string): Promise<InvitationRecord | null> {
  const row = await invitedRow(ctx, token);
  if (!row || row.disabled) return null;
  return {
    username: row.username,
    name: accountName(row),
    reset: row.passwordHash !== '',
    expired: !row.inviteExpiresAt || row.inviteExpiresAt <= new Date(),
  };
}

export async function acceptInvitation(
  ctx: ModelContext,
  token: string,
  password: string,
  client: SignInClient,
): Promise<SignInResult> {
  // Tokens are 190 bits, but guesses still count: a page that answers "unknown link" at any speed invites trying.
  const row = await ctx.loginLimiter.guard(
    loginAttemptKey(client.address, '(invitation)'),
    () => invitedRow(ctx, token),
    new AppError('not_found', 'invitationNotFound'),
  );
  if (row.disabled) throw new AppError('not_found', 'invitationNotFound');
  if (!row.inviteExpiresAt || row.inviteExpiresAt <= new Date()) throw new AppError('gone', 'invitationExpired');
  const passwordHash = await hashPassword(password);
  // Conditional on the token still being there: the same link used twice at once sets one password.
  const { count } = await ctx.db.admin.updateMany({
    where: { id: row.id, inviteHash: row.inviteHash },
    data: { passwordHash, inviteHash: null, inviteExpiresAt: null },
  });
  if (count !== 1) throw new AppError('not_found', 'invitationNotFound');
  // A reset ends the sessions the old password opened.
  await ctx.db.session.deleteMany({ where: { adminId: row.id } });
  clearAuthCaches();
  return signInInvited(ctx, { ...row, passwordHash, inviteHash: null, inviteExpiresAt: null }, client);
}
