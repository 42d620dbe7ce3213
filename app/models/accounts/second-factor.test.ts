import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '~/auth/principal';
import { Permission } from '~/lib/permissions';
import { createAccountSchema } from '~/lib/schemas/accounts';
import { rejection } from '../../../tests/support/rejection';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { firstAdmin } from '../../../tests/support/principals';
import { totpCode } from '../../../tests/support/totp';
import { setSecondFactorPolicy } from '~/models/settings/settings-admin.server';
import { createAccount, recoverAccount, resetAccountSecondFactor } from './accounts.server';
import { invitationOf } from './invitations.server';
import {
  confirmMyTotp,
  confirmPendingTotp,
  createMyAppPassword,
  disableMyTotp,
  revokeMyAppPassword,
  securityOverview,
  startMyTotp,
  startPendingTotp,
} from './security.server';
import { finishSignIn, loginAdmin, signInBasic, signInWithPassword } from './sign-in.server';

const CLIENT = { address: '10.0.0.2', agent: 'vitest' };

/** The second factor on every way in (issue 44, items 4 and 5): TOTP, recovery codes, app passwords, the policy. */
describe('second factor', () => {
  let temp: TempContext;
  let admin: Principal;
  let eve: Principal;
  let secret: string;
  let recovery: string[];
  beforeAll(async () => {
    temp = await tempModelContext();
    admin = await firstAdmin(temp.ctx);
    const input = { username: 'eve', password: 'eve-password', permissions: Permission.TEXT | Permission.WEBDAV_READ };
    await createAccount(temp.ctx, admin, createAccountSchema.parse(input));
    const first = await signInWithPassword(temp.ctx, { username: 'eve', password: 'eve-password' }, CLIENT, {
      canAsk: true,
    });
    if (first.kind !== 'session') throw new Error('expected a session');
    eve = first.principal;
  });
  afterAll(() => temp.close());

  const password = (canAsk: boolean, code?: string) =>
    signInWithPassword(temp.ctx, { username: 'eve', password: 'eve-password', code }, CLIENT, { canAsk });

  it('turns TOTP on only with a code from the new secret, and answers ten recovery codes once', async () => {
    ({ secret } = await startMyTotp(temp.ctx, eve));
    expect((await rejection(confirmMyTotp(temp.ctx, eve, '000000'))).messageKey).toBe('secondFactorWrong');
    recovery = await confirmMyTotp(temp.ctx, eve, totpCode(secret));
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(await securityOverview(temp.ctx, eve)).toMatchObject({ secondFactor: true, recoveryCodesLeft: 10 });
  });

  it('asks for the code after the password on the form, and refuses a password-only JSON login', async () => {
    expect((await password(true)).kind).toBe('secondFactor');
    expect((await rejection(password(false))).messageKey).toBe('secondFactorRequired');
    expect(
      (await rejection(loginAdmin(temp.ctx, { username: 'eve', password: 'eve-password' }, CLIENT.address))).messageKey,
    ).toBe('secondFactorRequired');
    // One code, made once: made again, it is the next window's when a 30-second step ends between
    // the two sign-ins (that raced once, in a slow full run).
    const code = totpCode(secret, 1);
    const withCode = await password(false, code);
    expect(withCode.kind).toBe('session');
    // The same code again is refused (RFC 6238 §5.2), and so is a wrong one.
    expect((await rejection(password(false, code))).messageKey).toBe('secondFactorWrong');
  });

  it('finishes a pending sign-in with a recovery code, which works once', async () => {
    const pending = await password(true);
    if (pending.kind !== 'secondFactor') throw new Error('expected the second step');
    const done = await finishSignIn(temp.ctx, pending.pendingToken, recovery[0]!.toLowerCase(), CLIENT);
    expect(done.principal).toMatchObject({ kind: 'apikey', name: 'eve' });
    // The pending token is spent with it; the recovery code too.
    expect((await rejection(finishSignIn(temp.ctx, pending.pendingToken, recovery[1]!, CLIENT))).messageKey).toBe(
      'signInExpired',
    );
    const again = await password(true);
    if (again.kind !== 'secondFactor') throw new Error('expected the second step');
    expect((await rejection(finishSignIn(temp.ctx, again.pendingToken, recovery[0]!, CLIENT))).messageKey).toBe(
      'secondFactorWrong',
    );
    expect((await securityOverview(temp.ctx, eve)).recoveryCodesLeft).toBe(9);
  });

  it('keeps the main password out of HTTP Basic once TOTP is on; app passwords open it until revoked', async () => {
    expect(await signInBasic(temp.ctx, 'eve', 'eve-password', CLIENT.address)).toBeNull();
    const made = await createMyAppPassword(temp.ctx, eve, 'laptop WebDAV');
    expect(await signInBasic(temp.ctx, 'eve', made.password, CLIENT.address)).toMatchObject({
      kind: 'apikey',
      name: 'eve',
    });
    // Only with its own account's name.
    expect(await signInBasic(temp.ctx, 'root', made.password, CLIENT.address)).toBeNull();
    await revokeMyAppPassword(temp.ctx, eve, made.id);
    expect(await signInBasic(temp.ctx, 'eve', made.password, CLIENT.address)).toBeNull();
  });

  it('lets an admin reset a lost second factor; the password alone signs in again', async () => {
    await resetAccountSecondFactor(temp.ctx, admin, (eve as Extract<Principal, { kind: 'apikey' }>).accountId!);
    expect((await password(false)).kind).toBe('session');
    expect(await signInBasic(temp.ctx, 'eve', 'eve-password', CLIENT.address)).not.toBeNull();
  });

  it('recovers a locked-out account from the server: no second factor, sessions ended, a one-time link', async () => {
    ({ secret } = await startMyTotp(temp.ctx, eve));
    await confirmMyTotp(temp.ctx, eve, totpCode(secret, -1));
    const before = await password(true);
    expect(before.kind).toBe('secondFactor');
    const made = await recoverAccount(temp.ctx, 'eve');
    expect((await securityOverview(temp.ctx, eve)).secondFactor).toBe(false);
    expect(await invitationOf(temp.ctx, made.token)).toMatchObject({ username: 'eve', reset: true, expired: false });
    expect((await rejection(recoverAccount(temp.ctx, 'nobody'))).kind).toBe('not_found');
  });

  it('holds the policy on every door: enrol before a session, nothing password-only', async () => {
    await setSecondFactorPolicy(temp.ctx, admin, 'everyone');
    try {
      expect((await rejection(password(false))).messageKey).toBe('secondFactorEnrolRequired');
      expect(await signInBasic(temp.ctx, 'eve', 'eve-password', CLIENT.address)).toBeNull();
      const pending = await password(true);
      if (pending.kind !== 'secondFactor') throw new Error('expected the second step');
      expect(pending.enrol).toBe(true);
      const enrolment = await startPendingTotp(temp.ctx, pending.pendingToken);
      const { recoveryCodes, session } = await confirmPendingTotp(
        temp.ctx,
        pending.pendingToken,
        totpCode(enrolment.secret),
        CLIENT,
      );
      expect(recoveryCodes).toHaveLength(10);
      expect(session.principal).toMatchObject({ name: 'eve' });
      // Required: it cannot be turned off.
      expect(
        (await rejection(disableMyTotp(temp.ctx, session.principal, 'eve-password', CLIENT.address))).messageKey,
      ).toBe('secondFactorPolicy');
    } finally {
      await setSecondFactorPolicy(temp.ctx, admin, 'off');
    }
  });
});
