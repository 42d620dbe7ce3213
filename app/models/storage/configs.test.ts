import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { createStorageConfigSchema } from '~/lib/schemas/storage-configs';
import { rejection } from '../../../tests/support/rejection';
import { tempModelContext, type TempContext } from '../../../tests/support/model-context';
import { ADMIN, keyPrincipal } from '../../../tests/support/principals';
import { createStorageConfig, getStorageConfig, listStorageConfigs } from './configs.server';

/** Storage configs leave the model without their secrets; keys see only the public ones. */
describe('storage configs model', () => {
  let temp: TempContext;
  beforeAll(async () => {
    temp = await tempModelContext();
  });
  afterAll(() => temp.close());

  const s3 = (name: string, isPublic: boolean) =>
    createStorageConfigSchema.parse({
      name,
      provider_type: 'Other S3 Compatible',
      endpoint_url: 'http://127.0.0.1:1',
      bucket_name: 'bucket',
      access_key_id: 'AKIA-VISIBLE-NEVER',
      secret_access_key: 'very-secret-value',
      is_public: isPublic,
    });

  it('returns records that carry neither secret nor its ciphertext', async () => {
    const created = await createStorageConfig(temp.ctx, ADMIN, s3('private', false));
    const text = JSON.stringify(created);
    expect(text).not.toContain('very-secret-value');
    expect(text).not.toContain('AKIA-VISIBLE-NEVER');
    expect(Object.keys(created).some((key) => /enc$/i.test(key))).toBe(false);
    expect(created.hasCredentials).toBe(true);
    // The stored row does hold them, encrypted: the record is what hides them.
    const row = await temp.ctx.db.storageConfig.findUnique({ where: { id: created.id } });
    expect(row?.secretAccessKeyEnc).toBeTruthy();
  });

  it('shows keys only the public configs, and refuses them the rest', async () => {
    const hidden = await createStorageConfig(temp.ctx, ADMIN, s3('hidden', false));
    const shown = await createStorageConfig(temp.ctx, ADMIN, s3('shown', true));
    const key = keyPrincipal('k-files', Permission.FILE_SHARE);
    const visible = (await listStorageConfigs(temp.ctx, key)).map((c) => c.id);
    expect(visible).toContain(shown.id);
    expect(visible).not.toContain(hidden.id);
    expect((await rejection(getStorageConfig(temp.ctx, key, hidden.id))).kind).toBe('not_found');
    expect((await rejection(createStorageConfig(temp.ctx, key, s3('by-key', true)))).kind).toBe('forbidden');
  });
});
