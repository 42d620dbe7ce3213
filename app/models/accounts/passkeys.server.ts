import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decrypt, encrypt } from '~/auth/secrets.server';
import { clearAuthCaches } from '~/auth/auth-cache.server';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { audit } from '~/models/audit/record.server';
import type { ModelContext } from '~/models/context.server';
import { WITH_RIGHTS, accountIdOf, type AccountRow } from './account-principal.server';

/**
 * Passkeys (issue 44, item 4): WebAuthn credentials on SimpleWebAuthn. An account adds them on its
 * Account page; they sign in as a second factor after the password, or on their own when the
 * authenticator verified the user (a PIN or a fingerprint: something held and something known or
 * been, two factors). The challenge of a ceremony travels sealed in a cookie, so any replica can
 * finish it; only public keys are stored.
 */
const CEREMONY_MS = 5 * 60_000;
/** SimpleWebAuthn and its certificate parsers, loaded by the first ceremony, not at every start. */
const webAuthn = () => import('@simplewebauthn/server');
const MAX_PER_ACCOUNT = 20;

/** The relying party: this app's host and origin, as the browser sees them (RequestInfo.linkOrigin). */
export interface RelyingParty {
  origin: string;
}
const rpId = (rp: RelyingParty) => new URL(rp.origin).hostname;

interface Ceremony {
  challenge: string;
  purpose: 'register' | 'signin';
  accountId: string | null;
  at: number;
}

function seal(ctx: ModelContext, ceremony: Ceremony): string {
  return encrypt(ctx.masterKey, JSON.stringify(ceremony));
}

function open(ctx: ModelContext, sealed: string, purpose: Ceremony['purpose']): Ceremony {
  try {
    const ceremony = JSON.parse(decrypt(ctx.masterKey, sealed)) as Ceremony;
    if (ceremony.purpose === purpose && Date.now() - ceremony.at <= CEREMONY_MS) return ceremony;
  } catch {
    // Not ours, or none: the same answer as an expired one.
  }
  throw new AppError('unauthenticated', 'passkeyExpired');
}

export interface PasskeyRecord {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(ctx: ModelContext, accountId: string): Promise<PasskeyRecord[]> {
  return ctx.db.passkey.findMany({
    where: { accountId },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    orderBy: { createdAt: 'asc' },
  });
}

export async function passkeyCount(ctx: ModelContext, accountId: string): Promise<number> {
  return ctx.db.passkey.count({ where: { accountId } });
}

const transportsOf = (text: string) => (text ? (text.split(',') as AuthenticatorTransport[]) : undefined);

/** Options for adding a passkey to the signed-in account, and the sealed ceremony for the cookie. */
export async function passkeyRegistration(ctx: ModelContext, principal: Principal, rp: RelyingParty) {
  const accountId = accountIdOf(principal);
  const account = await ctx.db.admin.findUniqueOrThrow({ where: { id: accountId }, include: { passkeys: true } });
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: 'Cloudclip',
    rpID: rpId(rp),
    userName: account.username,
    userDisplayName: account.displayName ?? account.username,
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    excludeCredentials: account.passkeys.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  return {
    options,
    sealed: seal(ctx, { challenge: options.challenge, purpose: 'register', accountId, at: Date.now() }),
  };
}

export async function addPasskey(
  ctx: ModelContext,
  principal: Principal,
  sealed: string,
  response: RegistrationResponseJSON,
  name: string,
  rp: RelyingParty,
): Promise<PasskeyRecord> {
  const accountId = accountIdOf(principal);
  const ceremony = open(ctx, sealed, 'register');
  if (ceremony.accountId !== accountId) throw new AppError('unauthenticated', 'passkeyExpired');
  if ((await passkeyCount(ctx, accountId)) >= MAX_PER_ACCOUNT)
    throw new AppError('invalid', 'passkeysTooMany', { max: MAX_PER_ACCOUNT });
  const { verifyRegistrationResponse } = await webAuthn();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rpId(rp),
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified || !result.registrationInfo) throw new AppError('invalid', 'passkeyRefused');
  const { credential } = result.registrationInfo;
  const row = await ctx.db.passkey.create({
    data: {
      id: credential.id,
      accountId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name: name.trim().slice(0, 100) || 'Passkey',
    },
  });
  audit(ctx, principal, { action: 'auth.secondFactor', target: row.name, detail: 'passkey added' });
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: null };
}

export async function removePasskey(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  const accountId = accountIdOf(principal);
  const { count } = await ctx.db.passkey.deleteMany({ where: { id, accountId } });
  if (count === 0) throw new AppError('not_found', 'passkeyNotFound');
  clearAuthCaches();
  audit(ctx, principal, { action: 'auth.secondFactor', target: id.slice(0, 12), detail: 'passkey removed' });
}

/**
 * Options for signing in with a passkey: the pending account's passkeys after a password (the second
 * step), or any passkey this site knows (a discoverable credential) when there is no account yet.
 */
export async function passkeySignIn(ctx: ModelContext, rp: RelyingParty, account: AccountRow | null) {
  const passkeys = account ? await ctx.db.passkey.findMany({ where: { accountId: account.id } }) : [];
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rpId(rp),
    allowCredentials: passkeys.map((p) => ({ id: p.id, transports: transportsOf(p.transports) })),
    userVerification: account ? 'preferred' : 'required',
  });
  return {
    options,
    sealed: seal(ctx, {
      challenge: options.challenge,
      purpose: 'signin',
      accountId: account?.id ?? null,
      at: Date.now(),
    }),
  };
}

/**
 * Checks a passkey's signature against the ceremony; answers whose it is and whether the
 * authenticator verified the user. A counter that went backwards (a cloned authenticator) is refused.
 */
export async function verifyPasskey(
  ctx: ModelContext,
  sealed: string,
  response: AuthenticationResponseJSON,
  rp: RelyingParty,
): Promise<{ account: AccountRow; userVerified: boolean; pendingAccountId: string | null }> {
  const ceremony = open(ctx, sealed, 'signin');
  const passkey = await ctx.db.passkey.findUnique({
    where: { id: response.id },
    include: { account: { include: WITH_RIGHTS } },
  });
  if (!passkey || (ceremony.accountId && passkey.accountId !== ceremony.accountId))
    throw new AppError('unauthenticated', 'passkeyRefused');
  const { verifyAuthenticationResponse } = await webAuthn();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: ceremony.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rpId(rp),
    credential: {
      id: passkey.id,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: transportsOf(passkey.transports),
    },
    requireUserVerification: ceremony.accountId === null,
  }).catch(() => null);
  if (!result?.verified) throw new AppError('unauthenticated', 'passkeyRefused');
  const { newCounter, userVerified } = result.authenticationInfo;
  // Conditional on the counter it had: two uses racing (or a clone) cannot both pass.
  const { count } = await ctx.db.passkey.updateMany({
    where: { id: passkey.id, counter: passkey.counter },
    data: { counter: newCounter, lastUsedAt: new Date() },
  });
  if (count !== 1) throw new AppError('unauthenticated', 'passkeyRefused');
  return { account: passkey.account, userVerified, pendingAccountId: ceremony.accountId };
}
