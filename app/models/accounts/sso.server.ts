import { randomUUID } from 'node:crypto';
import * as oidc from 'openid-client';
import { decrypt, encrypt } from '~/auth/secrets.server';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { randomString, sha256Hex } from '~/auth/tokens.server';
import { insertAccount } from './accounts.server';
import { WITH_RIGHTS, type AccountRow } from './account-principal.server';
import { ssoProviderSecrets, type SsoProviderSecrets } from './sso-providers.server';
import { recordFailedLogin, signInFederated, type SignInClient, type SignInResult } from './sign-in.server';

/**
 * Single sign-on with OpenID Connect (issue 44, item 3): the authorization code flow with PKCE,
 * `state` and `nonce`, on openid-client (a certified relying party), which checks the ID token's
 * signature against the provider's JWKS, its issuer, audience, expiry and nonce. Who signs in is then
 * decided here — a linked subject, a *verified* e-mail of an existing account, or a new member when
 * the provider allows it — and admitted by the one way in (sign-in.server.ts), so the disabled flag,
 * the second factor and the audit log hold for SSO as for passwords.
 */
const PENDING_MS = 10 * 60_000;
const DISCOVERY_MS = 10 * 60_000;

/** Discovery documents by provider, for a few minutes (every sign-in would otherwise fetch it). */
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

function isLoopback(url: URL): boolean {
  return ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
}

/**
 * The provider's configuration. HTTPS is required, as the specification does, except on loopback
 * (a provider on the same machine, and the test suite's).
 */
function configOf(provider: SsoProviderSecrets): Promise<oidc.Configuration> {
  const key = `${provider.id}\0${provider.issuer}\0${provider.clientId}\0${sha256Hex(provider.clientSecret)}`;
  const hit = discovered.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_MS) return hit.config;
  const issuer = new URL(provider.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  const config = oidc
    .discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
      ...(insecure && { execute: [oidc.allowInsecureRequests] }),
      timeout: 10,
    })
    .catch((error: unknown) => {
      discovered.delete(key);
      throw new AppError('unavailable', 'ssoProviderUnreachable', { reason: (error as Error).message });
    });
  discovered.set(key, { at: Date.now(), config });
  return config;
}

interface Pending {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  redirectTo: string;
  at: number;
}

/**
 * Starts a sign-in: the provider's authorization URL, and the sealed state the browser keeps in a
 * cookie until it comes back (the PKCE verifier, state and nonce never leave the server unsealed).
 */
export async function startSso(
  ctx: ModelContext,
  providerId: string,
  redirectUri: string,
  redirectTo: string,
): Promise<{ url: string; sealed: string }> {
  const provider = await ssoProviderSecrets(ctx, providerId);
  const config = await configOf(provider);
  const pending: Pending = {
    provider: provider.id,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    redirectTo,
    at: Date.now(),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, sealed: encrypt(ctx.masterKey, JSON.stringify(pending)) };
}

function openPending(ctx: ModelContext, sealed: string): Pending {
  try {
    const pending = JSON.parse(decrypt(ctx.masterKey, sealed)) as Pending;
    if (Date.now() - pending.at <= PENDING_MS) return pending;
  } catch {
    // A cookie we did not seal, or none: the same answer as an expired one.
  }
  throw new AppError('unauthenticated', 'ssoStateInvalid');
}

interface Identity {
  subject: string;
  email: string | null;
  verified: boolean;
  name: string | null;
  groups: string[];
}

function identityOf(claims: oidc.IDToken & Record<string, unknown>, provider: SsoProviderSecrets): Identity {
  const groups = claims[provider.groupClaim];
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
    verified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : null,
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

/**
 * Finishes a sign-in from the provider's redirect (`callbackUrl`, with its code and state): the code
 * is exchanged and the ID token checked, then the account is found or made and signed in.
 */
export async function finishSso(
  ctx: ModelContext,
  sealed: string,
  callbackUrl: URL,
  client: SignInClient,
): Promise<{ result: SignInResult; redirectTo: string }> {
  const pending = openPending(ctx, sealed);
  const provider = await ssoProviderSecrets(ctx, pending.provider);
  const config = await configOf(provider);
  let identity: Identity;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    // Many providers put the e-mail and groups in the ID token; the rest (oidc-provider by default)
    // answer them at the userinfo endpoint, whose subject openid-client checks against the token's.
    const more =
      claims.email === undefined || claims[provider.groupClaim] === undefined
        ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
        : {};
    identity = identityOf(
      { ...more, ...claims, ...pick(more, ['email', 'email_verified', provider.groupClaim]) },
      provider,
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The reason (a wrong issuer or audience, a bad nonce or state, an expired code) is for the log.
    ctx.log.warn({ provider: provider.name, reason: (error as Error).message }, 'single sign-on refused');
    const refused = new AppError('unauthenticated', 'ssoFailed');
    recordFailedLogin(ctx, `sso:${provider.name}`, refused);
    throw refused;
  }
  const account = await accountFor(ctx, provider, identity);
  return { result: await signInFederated(ctx, account, client), redirectTo: pending.redirectTo };
}

/** The named claims of `from` that it has (userinfo's answer wins for them over an ID token without them). */
function pick(from: Record<string, unknown>, names: string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((name) => from[name] !== undefined).map((name) => [name, from[name]]));
}

function domainAllowed(provider: SsoProviderSecrets, identity: Identity): boolean {
  if (provider.allowedDomains.length === 0) return true;
  const domain = identity.email?.split('@')[1];
  return identity.verified && !!domain && provider.allowedDomains.includes(domain);
}

/**
 * Who this identity is: its linked account; else the account with its e-mail, only when the provider
 * says the e-mail is verified (an unverified address is anyone's claim), which links it; else, when
 * the provider allows it, a new member (an admin when it is in the admin group) with no rights until
 * an admin gives it some.
 */
async function accountFor(ctx: ModelContext, provider: SsoProviderSecrets, identity: Identity): Promise<AccountRow> {
  const refuse = (key: string) => {
    const error = new AppError('forbidden', key);
    recordFailedLogin(ctx, identity.email ?? `sso:${provider.name}`, error);
    return error;
  };
  if (!domainAllowed(provider, identity)) throw refuse('ssoDomainNotAllowed');
  const link = await ctx.db.ssoLink.findUnique({
    where: { providerId_subject: { providerId: provider.id, subject: identity.subject } },
    include: { account: { include: WITH_RIGHTS } },
  });
  if (link) return link.account;
  const byEmail =
    identity.email && identity.verified
      ? await ctx.db.admin.findFirst({ where: { email: identity.email }, include: WITH_RIGHTS })
      : null;
  const account = byEmail ?? (provider.autoCreate ? await createFederated(ctx, provider, identity) : null);
  if (!account) throw refuse('ssoNoAccount');
  await ctx.db.ssoLink.create({
    data: { id: randomUUID(), providerId: provider.id, subject: identity.subject, accountId: account.id },
  });
  return account;
}

async function createFederated(ctx: ModelContext, provider: SsoProviderSecrets, identity: Identity) {
  const base = identity.email && identity.verified ? identity.email : `${identity.subject}@${provider.name}`;
  const taken = await ctx.db.admin.findUnique({ where: { username: base } });
  const id = await insertAccount(ctx, {
    username: taken ? `${base}-${randomString(4)}` : base,
    displayName: identity.name,
    email: identity.verified ? identity.email : null,
    role: provider.adminGroup && identity.groups.includes(provider.adminGroup) ? 'admin' : 'member',
    // No password: this account signs in through its provider (an admin can send it a link for one).
    passwordHash: '',
    rights: {},
  });
  return (await ctx.db.admin.findUnique({ where: { id }, include: WITH_RIGHTS }))!;
}
