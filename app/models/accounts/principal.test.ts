import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/db/client.server';
import type { ModelContext } from '~/models/context.server';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ensureFirstAdmin } from '~/models/accounts/admins.server';
import { createApiKey } from '~/models/accounts/api-keys.server';
import { createSession } from '~/models/accounts/sessions.server';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { Permission } from '~/lib/permissions';
import { FailureLimiter } from '~/auth/rate-limit.server';
import type { Principal } from '~/auth/principal';
import { resolvePrincipal, type Credentials } from './principal.server';

const ROOT: Principal = { kind: 'admin', adminId: 'root', username: 'root' };

/** Principal resolution case by case, on a real SQLite file. */
describe('resolvePrincipal', () => {
  let temp: TempContext;
  let ctx: ModelContext;
  let db: Db;
  let limiter: FailureLimiter;
  let adminToken: string;
  let keySessionToken: string;
  let expiredToken: string;
  let textKey: string;
  let davKey: string;
  let expiredKey: string;

  const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
  const resolve = (creds: Partial<Credentials>) =>
    resolvePrincipal({ ...ctx, loginLimiter: limiter }, { clientAddress: '192.0.2.1', ...creds });
  const kindOf = async (creds: Partial<Credentials>) => (await resolve(creds)).kind;

  beforeAll(async () => {
    temp = await tempModelContext();
    ({ ctx } = temp);
    db = ctx.db;
    await ensureFirstAdmin(ctx, { username: 'root', password: 'root-password' });
    const admin = (await db.admin.findFirst())!;
    const mk = async (name: string, permissions: number, expires_at: string | null) =>
      (await createApiKey(ctx, ROOT, createApiKeySchema.parse({ name, permissions, expires_at }))).key;
    textKey = await mk('text', Permission.TEXT, null);
    davKey = await mk('dav', Permission.WEBDAV_READ, null);
    expiredKey = await mk('old', Permission.TEXT, new Date(Date.now() - 1000).toISOString());
    adminToken = (await createSession(ctx, { kind: 'admin', adminId: admin.id })).token;
    const textKeyRow = (await db.apiKey.findUnique({ where: { name: 'text' } }))!;
    keySessionToken = (await createSession(ctx, { kind: 'apikey', apiKeyId: textKeyRow.id })).token;
    expiredToken = (await createSession(ctx, { kind: 'admin', adminId: admin.id }, -1000)).token;
  });
  beforeEach(() => {
    limiter = new FailureLimiter(3, 60_000);
  });
  afterAll(() => temp.close());

  it('is anonymous without credentials', async () => {
    expect(await kindOf({})).toBe('anonymous');
  });

  it('accepts an admin bearer token, with the scheme in any case', async () => {
    expect(await resolve({ authorization: `Bearer ${adminToken}` })).toMatchObject({ kind: 'admin', username: 'root' });
    expect(await kindOf({ authorization: `bearer ${adminToken}` })).toBe('admin');
    expect(await kindOf({ authorization: `BEARER ${adminToken}` })).toBe('admin');
  });

  it.each([
    ['no value', 'Bearer'],
    ['two spaces', 'Bearer  TOKEN'],
    ['three parts', 'Bearer TOKEN extra'],
    ['unknown scheme', 'Token TOKEN'],
    ['empty', ''],
    ['only a space', ' '],
  ])('refuses a malformed Authorization header (%s)', async (_name, header) => {
    expect(await kindOf({ authorization: header.replace('TOKEN', adminToken) })).toBe('anonymous');
  });

  it('refuses a key-holder session token as a bearer token, and an expired token (deleting it)', async () => {
    expect(await kindOf({ authorization: `Bearer ${keySessionToken}` })).toBe('anonymous');
    expect(await kindOf({ authorization: `Bearer ${expiredToken}` })).toBe('anonymous');
    expect(await db.session.count({ where: { expiresAt: { lte: new Date() } } })).toBe(0);
  });

  it('accepts an API key, and refuses wrong and expired ones', async () => {
    expect(await resolve({ authorization: `ApiKey ${textKey}` })).toMatchObject({
      kind: 'apikey',
      name: 'text',
      permissions: 1,
    });
    expect(await kindOf({ authorization: `apikey ${textKey}` })).toBe('apikey');
    expect(await kindOf({ authorization: `ApiKey ${textKey}x` })).toBe('anonymous');
    expect(await kindOf({ authorization: `ApiKey ${expiredKey}` })).toBe('anonymous');
  });

  it('tries X-Custom-Auth-Key when Authorization is absent or fails, not when it succeeds', async () => {
    expect(await kindOf({ customAuthKey: textKey })).toBe('apikey');
    expect(await kindOf({ authorization: 'Bearer nope', customAuthKey: textKey })).toBe('apikey');
    expect(await kindOf({ authorization: `Bearer ${adminToken}`, customAuthKey: textKey })).toBe('admin');
    expect(await kindOf({ customAuthKey: 'wrong' })).toBe('anonymous');
  });

  it('accepts Basic admin credentials and key:key for keys with WebDAV read', async () => {
    expect(await kindOf({ authorization: basic('root', 'root-password') })).toBe('admin');
    expect(await kindOf({ authorization: basic('root', 'wrong') })).toBe('anonymous');
    expect(await kindOf({ authorization: basic(davKey, davKey) })).toBe('apikey');
    expect(await kindOf({ authorization: basic(textKey, textKey) })).toBe('anonymous');
    expect(await kindOf({ authorization: basic(davKey, 'other') })).toBe('anonymous');
    expect(await kindOf({ authorization: 'Basic !!!notbase64' })).toBe('anonymous');
    expect(await kindOf({ authorization: `Basic ${Buffer.from('nocolon').toString('base64')}` })).toBe('anonymous');
  });

  it('rate-limits failed Basic passwords per address', async () => {
    for (let i = 0; i < 3; i++) await resolve({ authorization: basic('root', 'wrong') });
    await expect(resolve({ authorization: basic('root', 'root-password') })).rejects.toMatchObject({
      kind: 'rate_limited',
    });
    expect(await kindOf({ authorization: basic('root', 'root-password'), clientAddress: '192.0.2.99' })).toBe('admin');
  });

  it('uses the browser session only when no header credentials were sent', async () => {
    expect(await kindOf({ sessionToken: adminToken })).toBe('admin');
    expect(await resolve({ sessionToken: keySessionToken })).toMatchObject({ kind: 'apikey', name: 'text' });
    expect(await kindOf({ sessionToken: 'garbage' })).toBe('anonymous');
    expect(await kindOf({ sessionToken: adminToken, authorization: 'Bearer wrong' })).toBe('anonymous');
  });
});
