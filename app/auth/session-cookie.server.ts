import { createCookie } from 'react-router';

export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The browser session: HttpOnly (no script can read it), SameSite=Lax (never sent on cross-site
 * subrequests or posts), Secure when served over HTTPS. It holds the raw token; the database only
 * its hash.
 */
export const SESSION_COOKIE = 'cc_session';
export const sessionCookie = createCookie(SESSION_COOKIE, {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: SESSION_TTL_MS / 1000,
});

export async function readSessionToken(cookieHeader: string | null | undefined): Promise<string | null> {
  const value = await sessionCookie.parse(cookieHeader ?? null);
  return typeof value === 'string' ? value : null;
}

export function serializeSessionCookie(token: string, secure: boolean): Promise<string> {
  return sessionCookie.serialize(token, { secure });
}

export function clearSessionCookie(secure: boolean): Promise<string> {
  return sessionCookie.serialize('', { secure, maxAge: 0, expires: new Date(0) });
}
