import { describe, expect, it } from 'vitest';
import { uploadOptionsSchema } from '~/lib/schemas/files';
import { fieldOfError, uploadFormValues, uploadInputFromForm } from './upload-form';

const now = new Date('2024-05-01T12:00:00.000Z');

describe('uploadInputFromForm', () => {
  it('turns the expiry choice into hours (never = 0) and keeps the API field names', () => {
    const fields = { expiry: '7d', max_views: '3', slug: ' my-file ', remark: ' hi ', password: 'pw', use_proxy: '0' };
    const converted = uploadInputFromForm(fields, now);
    expect(converted).toEqual({
      ok: true,
      input: { slug: 'my-file', remark: 'hi', password: 'pw', expires_in: 168, max_views: '3', use_proxy: '0' },
    });
    expect(uploadOptionsSchema.parse(converted.ok && converted.input)).toMatchObject({
      expires_in: 168,
      max_views: 3,
      use_proxy: false,
    });
    expect(uploadInputFromForm({ expiry: 'never' }, now)).toMatchObject({ ok: true, input: { expires_in: 0 } });
    expect(uploadInputFromForm({ expiry: '1d' }, now)).toMatchObject({ ok: true, input: { expires_in: 24 } });
    // Not rounded to 0 hours ("never"): the schema takes fractions of an hour.
    const fiveMinutes = uploadInputFromForm({ expiry: '5m' }, now);
    expect(fiveMinutes).toMatchObject({ ok: true, input: { expires_in: 5 / 60 } });
    expect(uploadOptionsSchema.parse({ expires_in: String(5 / 60) }).expires_in).toBeCloseTo(5 / 60);
    expect(uploadInputFromForm({ expiry: 'custom', expiryDays: '3' }, now)).toMatchObject({
      ok: true,
      input: { expires_in: 72 },
    });
  });

  it('defaults to one day, unlimited views and proxy links, leaving empty options out', () => {
    expect(uploadInputFromForm({}, now)).toEqual({
      ok: true,
      input: { expires_in: 24, max_views: '0', use_proxy: '1' },
    });
  });

  it('reports expiry problems on their field', () => {
    expect(uploadInputFromForm({ expiry: 'custom', expiryDays: '' }, now)).toEqual({
      ok: false,
      field: 'expiryDays',
      problem: 'expiryDaysRequired',
    });
    expect(uploadInputFromForm({ expiry: 'someday' }, now)).toMatchObject({ ok: false, field: 'expiry' });
  });

  it('sends back what was chosen, never the password', () => {
    const values = uploadFormValues({ slug: 'a', password: 'secret', path: ' docs ', s3_config_id: 'cfg' });
    expect(values).toEqual({
      slug: 'a',
      remark: '',
      expiry: '1d',
      expiryDays: '',
      max_views: '',
      s3_config_id: 'cfg',
      path: 'docs',
      use_proxy: '1',
    });
  });
});

describe('fieldOfError', () => {
  it('puts domain errors on the field they are about', () => {
    expect(fieldOfError('slugTaken')).toBe('slug');
    expect(fieldOfError('storageForbidden')).toBe('s3_config_id');
    expect(fieldOfError('fileTooLarge')).toBe('file');
    expect(fieldOfError('insufficientStorage')).toBe('file');
    expect(fieldOfError('pathInvalid')).toBe('path');
    expect(fieldOfError('authRequired')).toBeUndefined();
  });
});
