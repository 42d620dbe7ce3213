import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A user of the test provider: its claims (`sub` is the login typed on its page). */
export interface OidcUser {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop: () => Promise<void>;
}

/**
 * A real OpenID provider for the suite (the certified `oidc-provider` package) on a loopback port:
 * one confidential client whose redirect is `redirectUri`, its development login page (any login is
 * a user; `users` gives their claims), and ID tokens signed with its own generated keys.
 */
export async function startOidcProvider(
  redirectUri: string,
  users: Record<string, OidcUser>,
): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = { client_id: 'cloudclip-test', client_secret: 'cloudclip-test-secret-0123456789abcdef' };
  const provider = new Provider(issuer, {
    clients: [
      { ...client, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    scopes: ['openid', 'email', 'profile'],
    pkce: { required: () => true },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...users[id] }),
    }),
    // Loopback over http, as the suite runs it.
    cookies: { keys: ['test-cookie-key-0123456789'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    ...{ clientId: client.client_id, clientSecret: client.client_secret },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
