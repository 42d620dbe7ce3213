import { loginAttemptKey } from '~/auth/rate-limit.server';
import type { Principal } from '~/auth/principal';
import type { ModelContext } from '~/models/context.server';
import { AppError } from '~/lib/errors';
import { MOUNT_PERMISSIONS, Permission } from '~/lib/permissions';
import { verifyAdminCredentials } from './admins.server';
import { authenticateApiKey } from './api-keys.server';
import { createSession } from './sessions.server';

export interface LoginResult {
  principal: Principal;
  token: string;
  expiresAt: Date;
}

/** Bits that make a key useful in the web UI; a WebDAV-only key cannot log in there. */
const PANEL_PERMISSIONS = Permission.TEXT | Permission.FILE_SHARE | MOUNT_PERMISSIONS;

export async function loginAdmin(
  ctx: ModelContext,
  input: { username: string; password: string },
  address: string,
): Promise<LoginResult> {
  // Success does not clear earlier failures: someone holding one valid key could otherwise mix in
  // good logins to keep guessing the admin password without limit.
  const admin = await ctx.loginLimiter.guard(
    loginAttemptKey(address, input.username),
    () => verifyAdminCredentials(ctx, input.username, input.password),
    new AppError('unauthenticated', 'invalidCredentials'),
  );
  const session = await createSession(ctx, { kind: 'admin', adminId: admin.id });
  return { principal: { kind: 'admin', adminId: admin.id, username: admin.username }, ...session };
}

/**
 * Browser login with an API key (docs/product/spec.md §6: an invalid key and a key without enough permissions get
 * different messages). The key itself never goes into the cookie: a session token does.
 */
export async function loginApiKey(ctx: ModelContext, apiKey: string, address: string): Promise<LoginResult> {
  const key = await ctx.loginLimiter.guard(
    loginAttemptKey(address, null),
    () => authenticateApiKey(ctx, apiKey),
    new AppError('unauthenticated', 'apiKeyInvalid'),
  );
  if ((key.permissions & PANEL_PERMISSIONS) === 0) throw new AppError('forbidden', 'apiKeyNoPermission');
  const session = await createSession(ctx, { kind: 'apikey', apiKeyId: key.keyId });
  return { principal: key, ...session };
}
