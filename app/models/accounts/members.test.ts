import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import { Permission } from '~/lib/permissions';
import { createAccountSchema } from '~/lib/schemas/accounts';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { rejection } from '../../../tests/support/rejection';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { firstAdmin } from '../../../tests/support/principals';
import { authenticateApiKey } from './api-keys.server';
import { createAccount, deleteAccount, listAccounts, reinviteAccount, updateAccount } from './accounts.server';
import { acceptInvitation, invitationOf } from './invitations.server';
import { createOwnKey, listOwnKeys } from './own-keys.server';
import { principalOfCreator } from './principal.server';
import { resolveSession } from './sessions.server';
import { signInWithPassword } from './sign-in.server';

const CLIENT = { address: '10.0.0.1', agent: 'vitest' };
const RIGHTS = Permission.TEXT | Permission.FILE_SHARE | Permission.MOUNT_VIEW;

/** Members (issue 44, decision 0039): an account whose rights are a key's, and everything that follows from it. */
describe('member accounts', () => {
  let temp: TempContext;
  let admin: Principal;
  beforeAll(async () => {
    temp = await tempModelContext();
    admin = await firstAdmin(temp.ctx);
  });
  afterAll(() => temp.close());

  const member = (username: string, extra: Record<string, unknown> = {}) =>
    createAccount(
      temp.ctx,
      admin,
      createAccountSchema.parse({ username, permissions: RIGHTS, basic_path: '/team', ...extra }),
    );
  const signIn = async (username: string, password: string) => {
    const result = await signInWithPassword(temp.ctx, { username, password }, CLIENT, { canAsk: true });
    if (result.kind !== 'session') throw new Error(`expected a session, got ${result.kind}`);
    return result;
  };

  it('signs a member in with the rights of a key: its bits, its base path, no admin', async () => {
    await member('ann', { password: 'ann-password', name: 'Ann' });
    const { principal, token } = await signIn('ann', 'ann-password');
    expect(principal).toMatchObject({ kind: 'apikey', name: 'Ann', permissions: RIGHTS, basePath: '/team' });
    expect(await resolveSession(temp.ctx, token)).toEqual(principal);
    // Bearer tokens (adminOnly) accept account sessions: the JSON login gives members one too.
    expect(await resolveSession(temp.ctx, token, { adminOnly: true })).toEqual(principal);
  });

  it('lets only admins manage accounts', async () => {
    const { principal } = await signIn('ann', 'ann-password');
    expect((await rejection(listAccounts(temp.ctx, principal))).kind).toBe('forbidden');
    const input = createAccountSchema.parse({ username: 'by-member' });
    expect((await rejection(createAccount(temp.ctx, principal, input))).kind).toBe('forbidden');
  });

  it('invites with a one-time link that sets the password and signs in, once, until it expires', async () => {
    const made = await member('bob');
    expect(made.inviteToken).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(made.account.invited).toBe(true);
    // No password yet: nothing signs in.
    expect(
      (await rejection(signInWithPassword(temp.ctx, { username: 'bob', password: '' }, CLIENT, { canAsk: true }))).kind,
    ).toBe('unauthenticated');
    expect(await invitationOf(temp.ctx, made.inviteToken!)).toMatchObject({
      username: 'bob',
      expired: false,
      reset: false,
    });
    const accepted = await acceptInvitation(temp.ctx, made.inviteToken!, 'bob-password', CLIENT);
    expect(accepted.kind).toBe('session');
    expect((await rejection(acceptInvitation(temp.ctx, made.inviteToken!, 'other-password', CLIENT))).kind).toBe(
      'not_found',
    );
    await signIn('bob', 'bob-password');
    // A reset link: the old password works until the link is used; expired links are refused.
    const reset = await reinviteAccount(temp.ctx, admin, made.account.id);
    await temp.ctx.db.admin.update({
      where: { id: made.account.id },
      data: { inviteExpiresAt: new Date(Date.now() - 1000) },
    });
    expect((await invitationOf(temp.ctx, reset.token))?.expired).toBe(true);
    expect((await rejection(acceptInvitation(temp.ctx, reset.token, 'new-password', CLIENT))).kind).toBe('gone');
    await signIn('bob', 'bob-password');
  });

  it("gives a member's own keys never more than the member has, now and after the member is lowered", async () => {
    const { principal } = await signIn('ann', 'ann-password');
    const key = (input: Record<string, unknown>) =>
      createOwnKey(
        temp.ctx,
        principal,
        createApiKeySchema.parse({ name: `k-${Math.random()}`, expires_at: null, ...input }),
      );
    expect((await rejection(key({ permissions: Permission.MOUNT_DELETE }))).messageKey).toBe('keyRightsExceedAccount');
    expect((await rejection(key({ permissions: Permission.TEXT, basic_path: '/' }))).messageKey).toBe(
      'keyPathOutsideAccount',
    );
    const made = await key({ permissions: Permission.TEXT | Permission.MOUNT_VIEW, basic_path: '/team/docs' });
    const asKey = (await authenticateApiKey(temp.ctx, made.key))!;
    expect(asKey).toMatchObject({ permissions: Permission.TEXT | Permission.MOUNT_VIEW, basePath: '/team/docs' });
    // Its shares are the member's: one owner, one quota.
    expect(creatorId(asKey)).toBe(creatorId(principal));
    expect(isCreator(principal, creatorId(asKey))).toBe(true);
    // A key cannot make keys; the member's list has it.
    expect(
      (await rejection(createOwnKey(temp.ctx, asKey, createApiKeySchema.parse({ name: 'x', expires_at: null })))).kind,
    ).toBe('forbidden');
    expect((await listOwnKeys(temp.ctx, principal)).map((k) => k.name)).toContain(made.name);
    const ann = (await listAccounts(temp.ctx, admin)).find((a) => a.username === 'ann')!;
    await updateAccount(temp.ctx, admin, ann.id, { permissions: Permission.TEXT, basic_path: '/elsewhere' });
    expect(await authenticateApiKey(temp.ctx, made.key)).toMatchObject({
      permissions: Permission.TEXT,
      basePath: '/elsewhere',
    });
    await updateAccount(temp.ctx, admin, ann.id, { permissions: RIGHTS, basic_path: '/team' });
  });

  it('stops a disabled account at once: sign-in, sessions, its keys, and work done on its behalf', async () => {
    const made = await member('cid', { password: 'cid-password' });
    const { principal, token } = await signIn('cid', 'cid-password');
    const key = await createOwnKey(
      temp.ctx,
      principal,
      createApiKeySchema.parse({
        name: 'cid-key',
        expires_at: null,
        permissions: Permission.TEXT,
        basic_path: '/team',
      }),
    );
    const createdBy = creatorId(principal);
    expect((await principalOfCreator(temp.ctx, createdBy)).kind).toBe('apikey');
    await updateAccount(temp.ctx, admin, made.account.id, { disabled: true });
    expect(await resolveSession(temp.ctx, token)).toBeNull();
    expect(await authenticateApiKey(temp.ctx, key.key)).toBeNull();
    expect((await principalOfCreator(temp.ctx, createdBy)).kind).toBe('anonymous');
    expect(
      (
        await rejection(
          signInWithPassword(temp.ctx, { username: 'cid', password: 'cid-password' }, CLIENT, { canAsk: true }),
        )
      ).messageKey,
    ).toBe('accountDisabled');
    // Enabled again: signs in; its old session stays ended.
    await updateAccount(temp.ctx, admin, made.account.id, { disabled: false });
    await signIn('cid', 'cid-password');
    expect(await resolveSession(temp.ctx, token)).toBeNull();
  });

  it('keeps one enabled admin, and never lets an admin disable or delete itself', async () => {
    const self = (admin as Extract<Principal, { kind: 'admin' }>).adminId;
    expect((await rejection(updateAccount(temp.ctx, admin, self, { disabled: true }))).messageKey).toBe(
      'accountIsYours',
    );
    expect((await rejection(deleteAccount(temp.ctx, admin, self))).messageKey).toBe('accountIsYours');
    const other = await member('dee', { role: 'admin', password: 'dee-password' });
    const dee = (await signIn('dee', 'dee-password')).principal;
    expect(dee.kind).toBe('admin');
    // The first admin may go once another admin remains, but the last one may not.
    await updateAccount(temp.ctx, dee, self, { disabled: true });
    expect((await rejection(updateAccount(temp.ctx, admin, other.account.id, { disabled: true }))).messageKey).toBe(
      'lastAdmin',
    );
    await updateAccount(temp.ctx, dee, self, { disabled: false });
  });
});
