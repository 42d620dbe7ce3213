import { describe, expect, it } from 'vitest';
import { createPasteSchema, updatePasteSchema } from './schemas/pastes';
import { createInputFromForm, pasteFormValues, updateInputFromForm } from './paste-form';

const now = new Date('2024-05-01T12:00:00.000Z');

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('pasteFormValues', () => {
  it('keeps what was typed, except the password', () => {
    const values = pasteFormValues(
      form({
        content: ' hi ',
        slug: ' my-slug ',
        password: 'secret',
        remark: 'r',
        expiry: 'custom',
        expiryDays: '3',
        maxViews: '2',
      }),
    );
    expect(values).toEqual({
      content: ' hi ',
      slug: 'my-slug',
      remark: 'r',
      expiry: 'custom',
      expiryDays: '3',
      maxViews: '2',
    });
    expect(values).not.toHaveProperty('password');
  });

  it('turns the CRLF line breaks of a plain form post back into the typed LF', () => {
    expect(pasteFormValues(form({ content: '# a\r\n\r\nb\rc\n' })).content).toBe('# a\n\nb\nc\n');
  });

  it('defaults the expiry to one day and the rest to empty', () => {
    expect(pasteFormValues(form({}))).toEqual({
      content: '',
      slug: '',
      remark: '',
      expiry: '1d',
      expiryDays: '',
      maxViews: '',
    });
  });
});

describe('createInputFromForm', () => {
  it('leaves out empty fields, like the web client', () => {
    const result = createInputFromForm(
      form({ content: 'hello', slug: '', password: '', remark: ' ', expiry: 'never', maxViews: '' }),
      now,
    );
    expect(result).toEqual({ ok: true, input: { content: 'hello', expiresAt: null } });
    expect(result.ok && createPasteSchema.parse(result.input)).toEqual({ content: 'hello', expiresAt: null });
  });

  it('passes every option through to the schema', () => {
    const result = createInputFromForm(
      form({ content: 'x', slug: 'abc', password: 'pw', remark: ' note ', expiry: '7d', maxViews: '3' }),
      now,
    );
    expect(result).toEqual({
      ok: true,
      input: {
        content: 'x',
        slug: 'abc',
        remark: 'note',
        password: 'pw',
        expiresAt: '2024-05-08T12:00:00.000Z',
        maxViews: '3',
      },
    });
    expect(result.ok && createPasteSchema.parse(result.input).maxViews).toBe(3);
  });

  it('reports a missing custom number of days on its field', () => {
    expect(createInputFromForm(form({ content: 'x', expiry: 'custom', expiryDays: '' }), now)).toEqual({
      ok: false,
      field: 'expiryDays',
      problem: 'expiryDaysRequired',
    });
    expect(createInputFromForm(form({ content: 'x', expiry: 'forever' }), now)).toEqual({
      ok: false,
      field: 'expiry',
      problem: 'expiryChoiceInvalid',
    });
  });
});

describe('updateInputFromForm', () => {
  it('keeps the slug and expiry when unchanged, and treats empty max views as unlimited', () => {
    const result = updateInputFromForm(
      form({ content: 'x', slug: 'abc', remark: '', expiry: 'keep', maxViews: '' }),
      'abc',
      now,
    );
    expect(result).toEqual({ ok: true, input: { content: 'x', remark: '', maxViews: '0' } });
    const parsed = result.ok && updatePasteSchema.parse(result.input);
    expect(parsed).toEqual({ content: 'x', remark: '', maxViews: 0 });
  });

  it('renames, re-dates and sets a new password', () => {
    const result = updateInputFromForm(
      form({ content: 'x', slug: 'new', remark: 'r', expiry: 'never', maxViews: '5', password: 'pw2' }),
      'abc',
      now,
    );
    expect(result).toEqual({
      ok: true,
      input: { content: 'x', remark: 'r', expiresAt: null, maxViews: '5', password: 'pw2', newSlug: 'new' },
    });
  });

  it('an emptied slug asks for a random one; clearing the password wins over a new one', () => {
    const result = updateInputFromForm(
      form({ content: 'x', slug: '', expiry: '1d', password: 'pw', clearPassword: 'on' }),
      'abc',
      now,
    );
    expect(result).toEqual({
      ok: true,
      input: {
        content: 'x',
        remark: '',
        expiresAt: '2024-05-02T12:00:00.000Z',
        maxViews: '0',
        clearPassword: true,
        newSlug: '',
      },
    });
  });

  it('reports a bad custom number of days', () => {
    expect(updateInputFromForm(form({ content: 'x', slug: 'a', expiry: 'custom', expiryDays: 'x' }), 'a', now)).toEqual(
      {
        ok: false,
        field: 'expiryDays',
        problem: 'expiryDaysInvalid',
      },
    );
  });
});
