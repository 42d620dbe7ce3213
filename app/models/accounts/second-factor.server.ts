import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Admin } from '~/generated/prisma/client';
import { decrypt, encrypt } from '~/auth/secrets.server';
import { randomString, sha256Hex } from '~/auth/tokens.server';
import { clearAuthCaches } from '~/auth/auth-cache.server';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';

/**
 * The second factor of an account (issue 44, decision 0039): TOTP (RFC 6238: SHA-1, 6 digits, 30 s,
 * one step of clock drift either way) with ten one-time recovery codes, shown once and stored as
 * SHA-256 digests (they are random, 50 bits each, so a plain digest is enough). Who may change it
 * is checked by the callers (the account itself: models/accounts/security.server.ts; an admin's
 * reset: models/accounts/accounts.server.ts); signing in with it is models/accounts/sign-in.server.ts.
 */
const ISSUER = 'Cloudclip';
const RECOVERY_CODES = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), digits: 6, period: 30 });
}

export function hasSecondFactor(account: Pick<Admin, 'totpEnabledAt'>): boolean {
  return account.totpEnabledAt !== null;
}

/** What an enrolment shows: the secret (for typing in) and the otpauth:// address its QR code carries. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
}

/**
 * Starts (or restarts) enrolling: a new secret is kept sealed on the account, not yet in use, until
 * `confirmTotp` sees a code made from it. An account already enrolled must turn TOTP off first.
 */
export async function startTotp(ctx: ModelContext, account: Admin): Promise<TotpEnrolment> {
  if (hasSecondFactor(account)) throw new AppError('conflict', 'totpAlreadyOn');
  const secret = new Secret({ size: 20 }).base32;
  await ctx.db.admin.update({ where: { id: account.id }, data: { totpSecretEnc: encrypt(ctx.masterKey, secret) } });
  return { secret, uri: totpOf(secret, account.username).toString() };
}

/** The enrolment under way (the same secret again, e.g. after a wrong code), or null. */
export function pendingTotp(ctx: ModelContext, account: Admin): TotpEnrolment | null {
  if (hasSecondFactor(account) || !account.totpSecretEnc) return null;
  const secret = decrypt(ctx.masterKey, account.totpSecretEnc);
  return { secret, uri: totpOf(secret, account.username).toString() };
}

/**
 * The last time step each account signed in with: a code is good once (RFC 6238 §5.2). Per process,
 * like the in-memory limits on SQLite; across replicas a code could be replayed within its 90 s by
 * someone who already holds the password and the code.
 */
const lastStep = new Map<string, number>();

function totpMatches(ctx: ModelContext, account: Admin, code: string): boolean {
  if (!account.totpSecretEnc || !/^\d{6}$/.test(code)) return false;
  const totp = totpOf(decrypt(ctx.masterKey, account.totpSecretEnc), account.username);
  const delta = totp.validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = totp.counter() + delta;
  if ((lastStep.get(account.id) ?? -1) >= step) return false;
  lastStep.set(account.id, step);
  return true;
}

/** Turns TOTP on once a code from the pending secret matches; answers the recovery codes, shown once. */
export async function confirmTotp(ctx: ModelContext, account: Admin, code: string): Promise<string[]> {
  if (hasSecondFactor(account)) throw new AppError('conflict', 'totpAlreadyOn');
  if (!account.totpSecretEnc) throw new AppError('invalid', 'totpNotStarted');
  if (!totpMatches(ctx, account, code.trim())) throw new AppError('invalid', 'secondFactorWrong');
  const codes = newRecoveryCodes();
  await ctx.db.$transaction([
    ctx.db.admin.update({ where: { id: account.id }, data: { totpEnabledAt: new Date() } }),
    ctx.db.recoveryCode.deleteMany({ where: { accountId: account.id } }),
    ctx.db.recoveryCode.createMany({ data: codes.map((c) => recoveryRow(account.id, c)) }),
  ]);
  return codes;
}

/** New recovery codes for an account with TOTP on; the old ones stop working. */
export async function replaceRecoveryCodes(ctx: ModelContext, account: Admin): Promise<string[]> {
  if (!hasSecondFactor(account)) throw new AppError('invalid', 'totpNotOn');
  const codes = newRecoveryCodes();
  await ctx.db.$transaction([
    ctx.db.recoveryCode.deleteMany({ where: { accountId: account.id } }),
    ctx.db.recoveryCode.createMany({ data: codes.map((c) => recoveryRow(account.id, c)) }),
  ]);
  return codes;
}

/** Removes the second factor, its recovery codes and passkeys (an admin's reset, or turning TOTP off). */
export async function clearSecondFactor(ctx: ModelContext, accountId: string): Promise<void> {
  await ctx.db.$transaction([
    ctx.db.admin.update({ where: { id: accountId }, data: { totpSecretEnc: null, totpEnabledAt: null } }),
    ctx.db.recoveryCode.deleteMany({ where: { accountId } }),
    ctx.db.passkey.deleteMany({ where: { accountId } }),
  ]);
  lastStep.delete(accountId);
  clearAuthCaches();
}

export async function recoveryCodesLeft(ctx: ModelContext, accountId: string): Promise<number> {
  return ctx.db.recoveryCode.count({ where: { accountId, usedAt: null } });
}

/**
 * Whether `code` is a current TOTP code or an unused recovery code of the account; a recovery code
 * is spent by one conditional update, so two sign-ins racing with it cannot both pass.
 */
export async function secondFactorMatches(ctx: ModelContext, account: Admin, code: string): Promise<boolean> {
  const typed = code.trim();
  if (!hasSecondFactor(account) || !typed) return false;
  if (/^\d{6}$/.test(typed)) return totpMatches(ctx, account, typed);
  const { count } = await ctx.db.recoveryCode.updateMany({
    where: { accountId: account.id, codeHash: recoveryDigest(account.id, typed), usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomString(10, RECOVERY_ALPHABET);
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** Codes are compared without case or dashes; the account id salts the digest (codes are unique per account). */
function recoveryDigest(accountId: string, code: string): string {
  return sha256Hex(`${accountId}\0${code.replace(/[\s-]/g, '').toUpperCase()}`);
}

function recoveryRow(accountId: string, code: string) {
  return { id: randomUUID(), accountId, codeHash: recoveryDigest(accountId, code) };
}
