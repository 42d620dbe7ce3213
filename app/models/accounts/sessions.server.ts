import type { Principal } from '~/auth/principal';
import { randomString, sha256Hex } from '~/auth/tokens.server';
import { SESSION_TTL_MS } from '~/auth/session-cookie.server';
import { authCache, clearAuthCaches } from '~/auth/auth-cache.server';
import { KEY_ACCOUNT } from './api-keys.server';
import { WITH_RIGHTS, accountPrincipal, keyRowPrincipal } from './account-principal.server';
import type { ModelContext } from '~/models/context.server';

/** last_seen_at is refreshed at most this often, so a busy session does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * An account's session (kind "admin", whatever the account's role: the kind predates members), a
 * key holder's browser session, or a sign-in waiting for its second factor ("pending", which is
 * never a principal: models/accounts/sign-in.server.ts).
 */
export type SessionOwner =
  { kind: 'admin'; adminId: string } | { kind: 'apikey'; apiKeyId: string } | { kind: 'pending'; adminId: string };

/** Where a session signed in from, for the account's list of sessions. */
export interface SessionClient {
  address?: string | null;
  agent?: string | null;
}

/**
 * Starts a session: a 32-character random token (about 190 bits) that only the client ever sees;
 * the database keeps its SHA-256, so a leaked database file cannot be replayed.
 */
export async function createSession(
  ctx: ModelContext,
  owner: SessionOwner,
  ttlMs = SESSION_TTL_MS,
  client: SessionClient = {},
) {
  const { db } = ctx;
  const token = randomString(32);
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.session.create({
    data: {
      tokenHash: sha256Hex(token),
      kind: owner.kind,
      adminId: owner.kind === 'apikey' ? null : owner.adminId,
      address: client.address?.slice(0, 100) ?? null,
      agent: client.agent?.slice(0, 300) ?? null,
      apiKeyId: owner.kind === 'apikey' ? owner.apiKeyId : null,
      expiresAt,
    },
  });
  return { token, expiresAt };
}

/**
 * The principal behind a session token, or null when it is unknown or expired (an expired row is
 * deleted) or its account is disabled. `adminOnly` is for Bearer tokens, which only accounts get
 * (from the JSON login), never a key holder's browser session.
 */
type CachedSession = { principal: Principal; expiresAt: number; kind: string };
const cache = authCache<CachedSession>();

export async function resolveSession(
  ctx: ModelContext,
  token: string,
  { adminOnly = false }: { adminOnly?: boolean } = {},
): Promise<Principal | null> {
  const { db } = ctx;
  if (!token || token.length > 200) return null;
  const tokenHash = sha256Hex(token);
  const cached = cache.get(tokenHash);
  if (cached && cached.expiresAt > Date.now()) return adminOnly && cached.kind !== 'admin' ? null : cached.principal;
  const session = await db.session.findUnique({
    where: { tokenHash },
    include: { admin: { include: WITH_RIGHTS }, apiKey: { include: KEY_ACCOUNT } },
  });
  if (!session) return null;
  const now = new Date();
  if (session.expiresAt <= now) {
    await db.session.deleteMany({ where: { tokenHash } });
    return null;
  }
  let principal: Principal | null = null;
  if (session.kind === 'admin' && session.admin) {
    principal = accountPrincipal(session.admin);
  } else if (!adminOnly && session.kind === 'apikey' && session.apiKey && session.apiKey.expiresAt > now) {
    principal = keyRowPrincipal(session.apiKey, { asKey: true });
  }
  if (principal && now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.session.updateMany({ where: { tokenHash }, data: { lastSeenAt: now } });
  }
  if (principal) {
    const keyExpiry = session.apiKey?.expiresAt.getTime() ?? Infinity;
    cache.set(tokenHash, {
      principal,
      kind: session.kind,
      expiresAt: Math.min(session.expiresAt.getTime(), keyExpiry),
    });
  }
  return principal;
}

export async function revokeSession(ctx: ModelContext, token: string): Promise<void> {
  const { db } = ctx;
  if (!token) return;
  cache.delete(sha256Hex(token));
  await db.session.deleteMany({ where: { tokenHash: sha256Hex(token) } });
}

export async function revokeAdminSessions(ctx: ModelContext, adminId: string): Promise<void> {
  const { db } = ctx;
  await db.session.deleteMany({ where: { adminId } });
  clearAuthCaches();
}

export async function deleteExpiredSessions(ctx: ModelContext): Promise<number> {
  const { db } = ctx;
  return (await db.session.deleteMany({ where: { expiresAt: { lte: new Date() } } })).count;
}
