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

/**
 * A sign-in waiting for its second factor (issue 44): the pending token between the password page
 * and the code page, for ten minutes. It opens nothing by itself (models/accounts/sign-in.server.ts).
 */
export const pendingSignInCookie = createCookie('cc_pending_sign_in', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 600,
});

export async function readPendingSignIn(cookieHeader: string | null | undefined): Promise<string | null> {
  const value = await pendingSignInCookie.parse(cookieHeader ?? null);
  return typeof value === 'string' ? value : null;
}

export function serializePendingSignIn(token: string, secure: boolean): Promise<string> {
  return pendingSignInCookie.serialize(token, { secure });
}

export function clearPendingSignIn(secure: boolean): Promise<string> {
  return pendingSignInCookie.serialize('', { secure, maxAge: 0, expires: new Date(0) });
}

/**
 * A single sign-on under way (issue 44): the sealed PKCE verifier, state and nonce, from the start
 * of the sign-in to the provider's redirect back, for ten minutes, sent only to the SSO routes.
 */
export const ssoCookie = createCookie('cc_sso', { path: '/auth/sso', httpOnly: true, sameSite: 'lax', maxAge: 600 });

/** A passkey ceremony under way (issue 44): its sealed challenge, for five minutes, sent only to its routes. */
export const passkeyCookie = createCookie('cc_passkey', {
  path: '/auth/passkey',
  httpOnly: true,
  sameSite: 'strict',
  maxAge: 300,
});
