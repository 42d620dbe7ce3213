import { loginAttemptKey } from '~/auth/rate-limit.server';
import { audit } from '~/models/audit/record.server';
import { createHmac, randomUUID } from 'node:crypto';
import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { generatePassword, hashPassword, verifyPassword } from '~/auth/password.server';
import { AppError } from '~/lib/errors';
import { clearAuthCaches } from '~/auth/auth-cache.server';
import type { ChangePasswordInput } from '~/lib/schemas/auth';
import type { ModelContext } from '~/models/context.server';

export interface FirstAdminResult {
  created: boolean;
  username?: string;
  /** Only when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

/**
 * Creates the first admin when there is none: from ADMIN_USERNAME/ADMIN_PASSWORD, or with a random
 * password that the caller prints once. There is no fixed default password.
 */
export async function ensureFirstAdmin(
  ctx: ModelContext,
  wanted: { username?: string; password?: string },
): Promise<FirstAdminResult> {
  const { db } = ctx;
  if ((await db.admin.count()) > 0) return { created: false };
  const username = wanted.username?.trim() || 'admin';
  const generatedPassword = wanted.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(wanted.password ?? generatedPassword!);
  await db.admin.create({ data: { id: randomUUID(), username, passwordHash } });
  return { created: true, username, generatedPassword };
}

// Verifying against this when the username is unknown makes both failure paths cost the same.
let dummyHash: Promise<string> | undefined;

/** The admin for a username and password, or null; the same work is done whichever part is wrong. */
export async function verifyAdminCredentials(ctx: ModelContext, username: string, password: string) {
  const { db } = ctx;
  const admin = await db.admin.findUnique({ where: { username } });
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(password, admin?.passwordHash ?? (await dummyHash));
  return admin && ok ? admin : null;
}

/** How long a verified Basic pair is remembered, and how many at most. */
const REMEMBER_MS = 5 * 60_000;
const REMEMBER_MAX = 1000;
const remembered = new Map<string, { adminId: string; passwordHash: string; until: number }>();

/**
 * verifyAdminCredentials for HTTP Basic, which WebDAV clients send with every request: checking the
 * password hash each time (scrypt, about 100 ms) made every WebDAV request that slow. A pair that
 * verified is remembered for a few minutes under an HMAC of it (never the password itself), and
 * only while the admin's stored hash is the one it verified against: a changed password or name
 * ends it at once.
 */
export async function verifyAdminBasic(ctx: ModelContext, username: string, password: string) {
  const key = createHmac('sha256', ctx.masterKey).update(`${username}\0${password}`).digest('base64');
  const hit = remembered.get(key);
  if (hit && hit.until > Date.now()) {
    const admin = await ctx.db.admin.findUnique({ where: { id: hit.adminId } });
    if (admin && admin.username === username && admin.passwordHash === hit.passwordHash) return admin;
  }
  remembered.delete(key);
  const admin = await verifyAdminCredentials(ctx, username, password);
  if (admin) {
    if (remembered.size >= REMEMBER_MAX) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { adminId: admin.id, passwordHash: admin.passwordHash, until: Date.now() + REMEMBER_MS });
  }
  return admin;
}

/**
 * Changes the username and/or password after checking the current password (docs/product/spec.md §5 account
 * change). Every session of the admin is revoked: the user must log in again.
 */
export async function changeAdminCredentials(
  ctx: ModelContext,
  principal: Principal,
  input: ChangePasswordInput,
  /** The client's address: guesses at the current password count against the login limit. */
  address: string,
): Promise<void> {
  authorize(principal, 'account.change');
  // An admin or a member signed in as itself (operations.ts, ACCOUNT); a key never gets here.
  const adminId = principal.kind === 'admin' ? principal.adminId : principal.kind === 'apikey' && principal.accountId;
  if (!adminId) throw new AppError('forbidden', 'accountRequired');
  const { db } = ctx;
  const admin = await db.admin.findUnique({ where: { id: adminId } });
  if (!admin) throw new AppError('not_found', 'adminNotFound');
  await ctx.loginLimiter.guard(
    loginAttemptKey(address, admin.username),
    async () => ((await verifyPassword(input.currentPassword, admin.passwordHash)) ? true : null),
    new AppError('unauthenticated', 'currentPasswordWrong'),
  );
  const newUsername = input.newUsername && input.newUsername !== admin.username ? input.newUsername : undefined;
  if (!newUsername && !input.newPassword) throw new AppError('invalid', 'newCredentialRequired');
  if (newUsername && (await db.admin.findUnique({ where: { username: newUsername } }))) {
    throw new AppError('conflict', 'usernameTaken');
  }
  const passwordHash = input.newPassword ? await hashPassword(input.newPassword) : undefined;
  await db.$transaction([
    db.admin.update({ where: { id: adminId }, data: { username: newUsername, passwordHash } }),
    db.session.deleteMany({ where: { adminId } }),
  ]);
  clearAuthCaches();
  const changed = [newUsername && 'username', passwordHash && 'password'].filter(Boolean).join(', ');
  audit(ctx, principal, { action: 'auth.credentialsChange', target: newUsername ?? admin.username, detail: changed });
}
