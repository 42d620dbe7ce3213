import { describe, expect, it } from 'vitest';
import { globalFormFromSettings, globalFormToInput, globalFormValues, sizeToMb } from './global-form';

describe('max upload size with a unit', () => {
  it('converts whole MB from any unit', () => {
    expect(sizeToMb('100', 'MB')).toEqual({ ok: true, mb: 100 });
    expect(sizeToMb('2', 'GB')).toEqual({ ok: true, mb: 2048 });
    expect(sizeToMb('1.5', 'GB')).toEqual({ ok: true, mb: 1536 });
    expect(sizeToMb('2048', 'KB')).toEqual({ ok: true, mb: 2 });
  });

  it('refuses sizes that are not whole MB, suggesting the next size up', () => {
    expect(sizeToMb('1500', 'KB')).toEqual({
      ok: false,
      problem: { key: 'sizeNotWholeMb', values: { size: '1500 KB', suggestion: '2048 KB' } },
    });
    expect(sizeToMb('512', 'KB')).toMatchObject({ ok: false, problem: { values: { suggestion: '1024 KB' } } });
    expect(sizeToMb('1.1', 'GB')).toMatchObject({ ok: false, problem: { values: { suggestion: '1127 MB' } } });
    expect(sizeToMb('2.5', 'MB')).toMatchObject({ ok: false, problem: { values: { suggestion: '3 MB' } } });
  });

  it('refuses empty, non-numeric, zero and too large sizes', () => {
    expect(sizeToMb('', 'MB')).toMatchObject({ problem: { key: 'sizeRequired' } });
    expect(sizeToMb('ten', 'MB')).toMatchObject({ problem: { key: 'sizeInvalid' } });
    expect(sizeToMb('-5', 'MB')).toMatchObject({ problem: { key: 'sizeInvalid' } });
    expect(sizeToMb('0', 'GB')).toMatchObject({ problem: { key: 'sizeTooSmall' } });
    expect(sizeToMb('2000000', 'GB')).toMatchObject({ problem: { key: 'sizeTooLarge' } });
  });
});

describe('the global settings form', () => {
  it('reads the posted form and turns it into setting values', () => {
    const form = new FormData();
    form.set('max_upload_size', ' 3 ');
    form.set('max_upload_unit', 'GB');
    form.set('proxy_sign_all', '1');
    form.set('proxy_sign_expires', '60');
    form.set('url_fetch_allowed_hosts', 'nas.lan');
    form.set('strip_image_metadata', '1');
    const values = globalFormValues(form);
    expect(globalFormToInput(values)).toEqual({
      errors: {},
      input: {
        max_upload_size: '3072',
        proxy_sign_all: 'true',
        proxy_sign_expires: '60',
        url_fetch_allowed_hosts: 'nas.lan',
        strip_image_metadata: 'true',
      },
    });
    // A bad size still hands back the other values, so they are checked too.
    expect(globalFormToInput({ ...values, max_upload_size: '1.5', max_upload_unit: 'KB' })).toEqual({
      errors: { max_upload_size: expect.objectContaining({ key: 'sizeNotWholeMb' }) },
      input: {
        proxy_sign_all: 'true',
        proxy_sign_expires: '60',
        url_fetch_allowed_hosts: 'nas.lan',
        strip_image_metadata: 'true',
      },
    });
    form.delete('proxy_sign_all');
    form.delete('strip_image_metadata');
    form.set('max_upload_unit', 'TB');
    expect(globalFormValues(form)).toMatchObject({
      proxy_sign_all: false,
      strip_image_metadata: false,
      max_upload_unit: 'MB',
    });
  });

  it('shows stored values in GB when whole, and one host per line', () => {
    expect(
      globalFormFromSettings({
        max_upload_size: '2048',
        proxy_sign_all: 'false',
        proxy_sign_expires: '0',
        url_fetch_allowed_hosts: 'nas.lan, 10.0.0.0/8',
        strip_image_metadata: 'true',
      }),
    ).toEqual({
      max_upload_size: '2',
      max_upload_unit: 'GB',
      proxy_sign_all: false,
      proxy_sign_expires: '0',
      url_fetch_allowed_hosts: 'nas.lan\n10.0.0.0/8',
      strip_image_metadata: true,
    });
    expect(globalFormFromSettings({ max_upload_size: '100' })).toMatchObject({
      max_upload_size: '100',
      max_upload_unit: 'MB',
    });
  });
});
