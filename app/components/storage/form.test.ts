import { describe, expect, it } from 'vitest';
import { createStorageConfigSchema, updateStorageConfigSchema } from '~/lib/schemas/storage-configs';
import { GIB, quotaGb, storageFormToInput, storageFormValues } from './form';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

const s3Fields = {
  name: ' Swift ',
  provider_type: 'Other S3 Compatible',
  endpoint_url: ' http://127.0.0.1:18281 ',
  bucket_name: 'bucket',
  region: 'us-east-1',
  access_key_id: 'test:tester',
  secret_access_key: 'testing',
  default_folder: 'shares/',
  custom_host: '',
  signature_expires_in: '900',
  total_storage_gb: '2.5',
  path_style: '1',
};

describe('storage form', () => {
  it('turns a create form into schema input (GiB to bytes, checkboxes to booleans)', () => {
    const values = storageFormValues(form(s3Fields));
    expect(values).not.toHaveProperty('secret_access_key');
    const converted = storageFormToInput(values, 'testing', 'create');
    expect(converted.ok).toBe(true);
    if (!converted.ok) return;
    const input = createStorageConfigSchema.parse(converted.input);
    expect(input).toMatchObject({
      name: 'Swift',
      endpoint_url: 'http://127.0.0.1:18281',
      secret_access_key: 'testing',
      path_style: true,
      is_public: false,
      signature_expires_in: 900,
      total_storage_bytes: Math.round(2.5 * GIB),
    });
  });

  it('leaves blank key fields out on update, so the stored ones stay', () => {
    const values = storageFormValues(form({ ...s3Fields, access_key_id: '', total_storage_gb: '' }));
    const converted = storageFormToInput(values, '', 'update');
    if (!converted.ok) throw new Error('expected ok');
    expect(converted.input).not.toHaveProperty('access_key_id');
    expect(converted.input).not.toHaveProperty('secret_access_key');
    // A blank quota resets to the provider default.
    expect(converted.input.total_storage_bytes).toBeNull();
    expect(updateStorageConfigSchema.parse(converted.input).secret_access_key).toBeUndefined();
  });

  it('gives the local config only its name, public flag and quota', () => {
    const values = storageFormValues(form({ name: 'Disk', is_public: '1', total_storage_gb: '1' }));
    expect(storageFormToInput(values, 'ignored', 'update', 'local')).toEqual({
      ok: true,
      input: { name: 'Disk', is_public: true, total_storage_bytes: GIB },
    });
  });

  it('names the field of a bad quota or signature expiry', () => {
    const values = storageFormValues(form({ ...s3Fields, total_storage_gb: '-1', signature_expires_in: '9999999' }));
    expect(storageFormToInput(values, 'x', 'create')).toEqual({
      ok: false,
      errors: { total_storage_gb: 'quotaInvalid', signature_expires_in: 'signatureExpiryInvalid' },
    });
    expect(storageFormToInput(storageFormValues(form({ total_storage_gb: '0' })), '', 'update').ok).toBe(false);
  });

  it('a WebDAV form keeps its kind, and an unticked certificate check stays off', () => {
    const values = storageFormValues(
      form({
        storage_type: 'webdav',
        name: 'NAS',
        endpoint_url: 'https://nas.local/dav/',
        username: 'me',
        root_folder: 'team',
        tls_verify_shown: '1',
      }),
    );
    const converted = storageFormToInput(values, 'pw', 'create', values.storage_type);
    expect(converted).toEqual({
      ok: true,
      input: expect.objectContaining({ storage_type: 'webdav', username: 'me', password: 'pw', tls_verify: false }),
    });
    if (!converted.ok) throw new Error('converted');
    expect(createStorageConfigSchema.parse(converted.input)).toMatchObject({ root_folder: 'team' });
    // On edit, blank secrets are left out: the stored ones stay.
    const edited = storageFormToInput({ ...values, username: '' }, '', 'update', 'webdav');
    expect(edited.ok && edited.input).not.toHaveProperty('password');
    expect(edited.ok && edited.input).not.toHaveProperty('username');
  });

  it('an SFTP form takes a private key instead of a password, and asks for one of them', () => {
    const fields = { storage_type: 'sftp', name: 'Box', host: 'nas', port: '2222', username: 'me' };
    const values = storageFormValues(form(fields));
    const keyed = storageFormToInput(values, '', 'create', 'sftp', 'KEY');
    if (!keyed.ok) throw new Error('converted');
    expect(createStorageConfigSchema.parse(keyed.input)).toMatchObject({ port: 2222, private_key: 'KEY' });
    const neither = storageFormToInput(values, '', 'create', 'sftp');
    if (!neither.ok) throw new Error('converted');
    const refused = createStorageConfigSchema.safeParse(neither.input);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['sftpSecretRequired']);
  });

  it('shows quotas in GiB', () => {
    expect(quotaGb(5 * GIB)).toBe('5');
    expect(quotaGb(Math.round(2.5 * GIB))).toBe('2.5');
    expect(quotaGb(null)).toBe('');
  });
});
