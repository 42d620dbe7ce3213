import { loginAttemptKey } from '~/auth/rate-limit.server';
import { verifyAdminBasic } from '~/models/accounts/admins.server';
import { authenticateApiKey, toApiKeyPrincipal } from '~/models/accounts/api-keys.server';
import { resolveSession } from '~/models/accounts/sessions.server';
import { recordFailedLogin } from '~/models/accounts/login.server';
import { Permission, hasPermission } from '~/lib/permissions';
import { AppError } from '~/lib/errors';
import { ANONYMOUS, type Principal } from '~/auth/principal';
import type { ModelContext } from '~/models/context.server';

export interface Credentials {
  authorization?: string | null;
  customAuthKey?: string | null;
  /** The browser session token, only when the request is same-origin (see app/auth/same-origin.ts). */
  sessionToken?: string | null;
  clientAddress: string;
}

/**
 * Resolves who is asking, once per request (docs/architecture.md §1, docs/product/api.md §1.4). Order: the Authorization
 * header; then X-Custom-Auth-Key if that was absent or failed; then the browser session. A header
 * that fails gives anonymous, so the endpoint answers 401. Basic auth checks a password, so its
 * failures count against the same per-address limit as the login form.
 */
export async function resolvePrincipal(ctx: ModelContext, creds: Credentials): Promise<Principal> {
  const fromHeader = creds.authorization ? await fromAuthorization(ctx, creds) : null;
  if (fromHeader) return fromHeader;
  if (creds.customAuthKey) {
    const key = await authenticateApiKey(ctx, creds.customAuthKey.trim());
    if (key) return key;
  }
  if (creds.authorization || creds.customAuthKey) return ANONYMOUS;
  if (creds.sessionToken) return (await resolveSession(ctx, creds.sessionToken)) ?? ANONYMOUS;
  return ANONYMOUS;
}

async function fromAuthorization(ctx: ModelContext, creds: Credentials): Promise<Principal | null> {
  // "split on a single space and must have exactly two parts; the scheme is case-insensitive"
  const parts = creds.authorization!.split(' ');
  if (parts.length !== 2 || !parts[1]) return null;
  const [scheme = '', value = ''] = parts;
  switch (scheme.toLowerCase()) {
    case 'bearer':
      return resolveSession(ctx, value, { adminOnly: true });
    case 'apikey':
      return authenticateApiKey(ctx, value);
    case 'basic':
      return fromBasic(ctx, value, creds.clientAddress);
    default:
      return null;
  }
}

async function fromBasic(ctx: ModelContext, encoded: string, address: string): Promise<Principal | null> {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const user = decoded.slice(0, colon);
  const pass = decoded.slice(colon + 1);
  // key:key — an API key that may use WebDAV.
  if (user && user === pass) {
    const key = await authenticateApiKey(ctx, user);
    if (key && hasPermission(key.permissions, Permission.WEBDAV_READ)) return key;
  }
  // A wrong password is anonymous (the endpoint then answers 401), counted against the login limit.
  const admin = await ctx.loginLimiter
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
  return admin ? { kind: 'admin', adminId: admin.id, username: admin.username } : null;
}

/**
 * Who created a record (an admin id, or "apikey:<key id>"), as they are now: work done later on
 * their behalf (a copy task) runs with their current rights, and not at all once the key is gone
 * or expired.
 */
export async function principalOfCreator(ctx: ModelContext, createdBy: string | null): Promise<Principal> {
  if (!createdBy) return ANONYMOUS;
  if (createdBy.startsWith('apikey:')) {
    const row = await ctx.db.apiKey.findUnique({ where: { id: createdBy.slice('apikey:'.length) } });
    return row && row.expiresAt > new Date() ? toApiKeyPrincipal(row) : ANONYMOUS;
  }
  const admin = await ctx.db.admin.findUnique({ where: { id: createdBy } });
  return admin ? { kind: 'admin', adminId: admin.id, username: admin.username } : ANONYMOUS;
}
