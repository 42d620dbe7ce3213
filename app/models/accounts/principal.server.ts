import { KEY_ACCOUNT, authenticateApiKey } from '~/models/accounts/api-keys.server';
import { WITH_RIGHTS, accountPrincipal, keyRowPrincipal } from '~/models/accounts/account-principal.server';
import { resolveSession } from '~/models/accounts/sessions.server';
import { signInBasic } from '~/models/accounts/sign-in.server';
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

function fromBasic(ctx: ModelContext, encoded: string, address: string): Promise<Principal | null> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  // key:key, an account with an app password, or an account's password (models/accounts/sign-in.server.ts).
  return signInBasic(ctx, decoded.slice(0, colon), decoded.slice(colon + 1), address);
}

/**
 * Who created a record (an admin id, or "apikey:<key id>"), as they are now: work done later on
 * their behalf (a copy task) runs with their current rights, and not at all once the key is gone
 * or expired.
 */
export async function principalOfCreator(ctx: ModelContext, createdBy: string | null): Promise<Principal> {
  if (!createdBy) return ANONYMOUS;
  if (createdBy.startsWith('apikey:')) {
    const row = await ctx.db.apiKey.findUnique({
      where: { id: createdBy.slice('apikey:'.length) },
      include: KEY_ACCOUNT,
    });
    return (row && row.expiresAt > new Date() && keyRowPrincipal(row, { asKey: false })) || ANONYMOUS;
  }
  const admin = await ctx.db.admin.findUnique({ where: { id: createdBy }, include: WITH_RIGHTS });
  return (admin && accountPrincipal(admin)) || ANONYMOUS;
}
