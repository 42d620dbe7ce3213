import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { rejection } from '../../../tests/support/rejection';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ANONYMOUS, firstAdmin, keyPrincipal } from '../../../tests/support/principals';
import type { Principal } from '~/auth/principal';
import { changeAdminCredentials, verifyAdminBasic, verifyAdminCredentials } from './admins.server';
import { authenticateApiKey, createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './api-keys.server';

/** Keys and admin credentials: every change takes the principal, and the model refuses the rest. */
describe('accounts model', () => {
  let temp: TempContext;
  let admin: Principal;
  beforeAll(async () => {
    temp = await tempModelContext();
    admin = await firstAdmin(temp.ctx);
  });
  afterAll(() => temp.close());

  const input = (name: string) => createApiKeySchema.parse({ name, permissions: Permission.TEXT, expires_at: null });

  it('lets only admins list, create, change and delete keys', async () => {
    const key = keyPrincipal('k-1', 0xffff);
    for (const attempt of [
      () => listApiKeys(temp.ctx, key),
      () => createApiKey(temp.ctx, key, input('by-key')),
      () => updateApiKey(temp.ctx, key, 'x', { name: 'y', is_guest: undefined }),
      () => deleteApiKey(temp.ctx, key, 'x'),
    ]) {
      expect((await rejection(attempt())).kind).toBe('forbidden');
    }
    expect((await rejection(deleteApiKey(temp.ctx, ANONYMOUS, 'x'))).kind).toBe('unauthenticated');
  });

  it('creates a key that authenticates, lists it without its digest, and deletes it', async () => {
    const created = await createApiKey(temp.ctx, admin, input('scripts'));
    expect(created.key).toMatch(/^\w{24}$/);
    expect(Object.keys(created)).not.toContain('keyDigest');
    expect((await authenticateApiKey(temp.ctx, created.key))?.keyId).toBe(created.id);
    expect((await listApiKeys(temp.ctx, admin)).map((k) => k.name)).toContain('scripts');
    await deleteApiKey(temp.ctx, admin, created.id);
    expect(await authenticateApiKey(temp.ctx, created.key)).toBeNull();
    expect((await rejection(deleteApiKey(temp.ctx, admin, created.id))).kind).toBe('not_found');
  });

  it('changes admin credentials only for the admin asking, after the current password', async () => {
    const change = { currentPassword: 'root-password', newPassword: 'new-password-123', newUsername: '' };
    // A Basic pair verified (and so remembered) before the change…
    expect((await verifyAdminBasic(temp.ctx, 'root', 'root-password'))?.username).toBe('root');
    expect((await verifyAdminBasic(temp.ctx, 'root', 'root-password'))?.username).toBe('root');
    expect(await verifyAdminBasic(temp.ctx, 'root', 'not-the-password')).toBeNull();
    expect(
      (await rejection(changeAdminCredentials(temp.ctx, keyPrincipal('k-2', 0xffff), change, '192.0.2.9'))).kind,
    ).toBe('forbidden');
    expect(
      (await rejection(changeAdminCredentials(temp.ctx, admin, { ...change, currentPassword: 'wrong' }, '192.0.2.9')))
        .kind,
    ).toBe('unauthenticated');
    await changeAdminCredentials(temp.ctx, admin, change, '192.0.2.9');
    expect(await verifyAdminCredentials(temp.ctx, 'root', 'new-password-123')).not.toBeNull();
    expect(await verifyAdminCredentials(temp.ctx, 'root', 'root-password')).toBeNull();
    // …is not let in once the password changed.
    expect(await verifyAdminBasic(temp.ctx, 'root', 'root-password')).toBeNull();
    expect((await verifyAdminBasic(temp.ctx, 'root', 'new-password-123'))?.username).toBe('root');
  });
});
