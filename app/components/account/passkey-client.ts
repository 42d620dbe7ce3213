import { startAuthentication, startRegistration } from '@simplewebauthn/browser';

/**
 * The browser's half of the passkey ceremonies (issue 44, item 4; routes/auth/passkey.ts): ask the
 * server for options, let the authenticator sign, send the answer back. Each throws an Error whose
 * message is the server's (already in the page's language), or the browser's when the person
 * cancelled.
 */
async function post<T>(step: string, body: object = {}): Promise<T> {
  // Pages take form bodies only (http/html/request-guard.server.ts): the JSON rides in one field.
  const res = await fetch(`/auth/passkey/${step}`, {
    method: 'POST',
    body: new URLSearchParams({ payload: JSON.stringify(body) }),
  });
  const answer = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(answer.error ?? res.statusText);
  return answer;
}

export async function browserAddPasskey(name: string): Promise<void> {
  const optionsJSON = await post<Parameters<typeof startRegistration>[0]['optionsJSON']>('register-options');
  const response = await startRegistration({ optionsJSON });
  await post('register', { name, response });
}

/** Signs in with a passkey (after a password, or on its own); answers where to go next. */
export async function browserPasskeySignIn(redirectTo: string): Promise<string> {
  const optionsJSON = await post<Parameters<typeof startAuthentication>[0]['optionsJSON']>('signin-options');
  const response = await startAuthentication({ optionsJSON });
  return (await post<{ redirect: string }>('signin', { response, redirectTo })).redirect;
}
