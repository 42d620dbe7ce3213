import { createHmac } from 'node:crypto';
import { safeEqual } from '~/auth/tokens.server';

/**
 * Grants: after a visitor gave a share's or an upload request's password, the links and forms that
 * follow carry `grant` (an HMAC of what it opens and an expiry) instead of the password itself, so
 * the password never lands in URLs, history or logs. A grant is bound to the password hash too:
 * changing the password revokes every grant outstanding.
 */
export interface Grantable {
  /** What the grant is for ("file-grant", "request-grant"): one never opens the other. */
  purpose: string;
  id: string;
  passwordHash: string | null;
}

export function signGrant(masterKey: Buffer, what: Grantable, ttlSeconds = 3600): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  return `${expires}.${signature(masterKey, what, expires)}`;
}

export function grantOpens(masterKey: Buffer, what: Grantable, grant: string): boolean {
  const [expiresText, given] = grant.split('.');
  const expires = Number(expiresText);
  if (!given || !Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
  return safeEqual(signature(masterKey, what, expires), given);
}

function signature(masterKey: Buffer, what: Grantable, expires: number): string {
  return createHmac('sha256', masterKey)
    .update(`${what.purpose}\n${what.id}\n${what.passwordHash}\n${expires}`)
    .digest('base64url');
}
