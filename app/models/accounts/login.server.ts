import { loginAttemptKey } from '~/auth/rate-limit.server';
import { ANONYMOUS, type Principal } from '~/auth/principal';
import { audit } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';
import { AppError, isAppError } from '~/lib/errors';
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
  const admin = await ctx.loginLimiter
    .guard(
      loginAttemptKey(address, input.username),
      () => verifyAdminCredentials(ctx, input.username, input.password),
      new AppError('unauthenticated', 'invalidCredentials'),
    )
    .catch((error: unknown) => {
      recordFailedLogin(ctx, input.username, error);
      throw error;
    });
  const session = await createSession(ctx, { kind: 'admin', adminId: admin.id });
  const principal: Principal = { kind: 'admin', adminId: admin.id, username: admin.username };
  audit(ctx, principal, { action: 'auth.login', target: admin.username });
  return { principal, ...session };
}

/**
 * Browser login with an API key (docs/product/spec.md §6: an invalid key and a key without enough permissions get
 * different messages). The key itself never goes into the cookie: a session token does.
 */
export async function loginApiKey(ctx: ModelContext, apiKey: string, address: string): Promise<LoginResult> {
  // The key itself is never recorded: a mistyped key is still most of a key.
  const key = await ctx.loginLimiter
    .guard(
      loginAttemptKey(address, null),
      () => authenticateApiKey(ctx, apiKey),
      new AppError('unauthenticated', 'apiKeyInvalid'),
    )
    .catch((error: unknown) => {
      recordFailedLogin(ctx, null, error);
      throw error;
    });
  if ((key.permissions & PANEL_PERMISSIONS) === 0) {
    audit(ctx, key, { action: 'auth.login', target: key.name, result: 'denied', detail: 'apiKeyNoPermission' });
    throw new AppError('forbidden', 'apiKeyNoPermission');
  }
  const session = await createSession(ctx, { kind: 'apikey', apiKeyId: key.keyId });
  audit(ctx, key, { action: 'auth.login', target: key.name });
  return { principal: key, ...session };
}

/** A refused login, recorded as anonymous with the name tried (never a password or a key). */
export function recordFailedLogin(ctx: ModelContext, name: string | null, error: unknown): void {
  const detail = isAppError(error) ? error.messageKey : 'unexpected';
  audit(ctx, ANONYMOUS, { action: 'auth.loginFailed', target: name, result: 'failed', detail });
}
