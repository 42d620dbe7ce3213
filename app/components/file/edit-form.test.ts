import { describe, expect, it } from 'vitest';
import { editFileValues, updateInputFromFileForm } from './edit-form';

describe('updateInputFromFileForm', () => {
  const form = (entries: Record<string, string>) => new Map(Object.entries(entries));
  const now = new Date('2024-05-01T12:00:00.000Z');

  it('keeps slug, expiry and max views unless changed, and clears or sets the password', () => {
    expect(updateInputFromFileForm(form({ slug: 'same', remark: ' r ', max_views: '' }), 'same', now)).toEqual({
      ok: true,
      input: { remark: 'r', use_proxy: '1' },
    });
    // Sending max views restarts the count (docs/product/api.md §1.9): only when the form's value changed.
    expect(updateInputFromFileForm(form({ max_views: '5', max_views_before: '5' }), 'same', now)).toMatchObject({
      ok: true,
      input: { remark: '' },
    });
    expect(
      updateInputFromFileForm(form({ max_views: '5', max_views_before: '5' }), 'same', now).input,
    ).not.toHaveProperty('max_views');
    expect(updateInputFromFileForm(form({ max_views: '7', max_views_before: '5' }), 'same', now)).toMatchObject({
      ok: true,
      input: { max_views: '7' },
    });
    expect(
      updateInputFromFileForm(
        form({ slug: 'new', expiry: 'never', password: 'x', clearPassword: 'on', use_proxy: '0' }),
        'old',
        now,
      ),
    ).toEqual({
      ok: true,
      input: { remark: '', slug: 'new', expires_at: null, password: '', use_proxy: '0' },
    });
    expect(updateInputFromFileForm(form({ expiry: '1d', password: 'x' }), 'old', now)).toMatchObject({
      ok: true,
      input: { expires_at: '2024-05-02T12:00:00.000Z', password: 'x' },
    });
  });

  it('reports a custom expiry without days', () => {
    expect(updateInputFromFileForm(form({ expiry: 'custom' }), 'old', now)).toMatchObject({
      ok: false,
      field: 'expiryDays',
    });
    expect(editFileValues(form({})).expiry).toBe('keep');
  });
});
