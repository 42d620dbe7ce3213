import { SECOND_FACTOR_PAGE } from '~/lib/hrefs';
import { redirect, type RouterContextProvider } from 'react-router';
import { firstAllowedModule } from '~/auth/admin-modules';
import { clearPendingSignIn, serializePendingSignIn, serializeSessionCookie } from '~/auth/session-cookie.server';
import { requestInfoContext } from '~/context';
import { qrSvg } from '~/lib/qr';
import type { SignInClient, SignInResult } from '~/models/accounts/sign-in.server';

/** Who signs in, for the session list: the client's address and browser. */
export function signInClient(request: Request, context: Readonly<RouterContextProvider>): SignInClient {
  return { address: context.get(requestInfoContext).clientAddress, agent: request.headers.get('user-agent') };
}

/**
 * Where a sign-in goes next, for every HTML door (login form, invitation, second factor): the page
 * that asked (or the first module) with the session cookie, or the second-factor page with the
 * pending one.
 */
export async function afterSignIn(result: SignInResult, requested: string, secure: boolean): Promise<Response> {
  if (result.kind === 'secondFactor') {
    const next = requested ? `${SECOND_FACTOR_PAGE}?redirectTo=${encodeURIComponent(requested)}` : SECOND_FACTOR_PAGE;
    return redirect(next, { headers: { 'Set-Cookie': await serializePendingSignIn(result.pendingToken, secure) } });
  }
  const headers = new Headers();
  headers.append('Set-Cookie', await serializeSessionCookie(result.token, secure));
  headers.append('Set-Cookie', await clearPendingSignIn(secure));
  return redirect(requested && requested !== '/admin/login' ? requested : firstAllowedModule(result.principal), {
    headers,
  });
}

/** The QR code of an otpauth:// address, as a data URL (never cached: it carries the secret). */
export async function totpQr(uri: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(uri)).toString('base64')}`;
}
