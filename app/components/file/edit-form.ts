import { resolveExpiry, type EditExpiryChoice, type ExpiryProblem } from '~/lib/expiry';

/**
 * The one edit form of a file share (the share page's and file management's) as plain data, and its
 * conversion to the body of PUT /api/files/{id} (updateFileSchema), so the form and the JSON API
 * meet in one schema. Client-safe and pure. The password typed is never sent back to the page.
 */
export interface EditFileValues {
  slug: string;
  remark: string;
  expiry: string;
  expiryDays: string;
  max_views: string;
  clearPassword: boolean;
  use_proxy: '1' | '0';
}

interface FormLike {
  get(name: string): unknown;
}

function text(form: FormLike, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export function editFileValues(form: FormLike): EditFileValues {
  return {
    slug: text(form, 'slug').trim(),
    remark: text(form, 'remark'),
    expiry: text(form, 'expiry') || 'keep',
    expiryDays: text(form, 'expiryDays').trim(),
    max_views: text(form, 'max_views').trim(),
    clearPassword: form.get('clearPassword') === 'on',
    use_proxy: text(form, 'use_proxy') === '0' ? '0' : '1',
  };
}

export interface EditFileProblem {
  ok: false;
  field: 'expiry' | 'expiryDays';
  problem: ExpiryProblem;
}

/**
 * The update body. An unchanged or emptied slug keeps the current one; the expiry select starts at
 * "keep"; max views is sent only when it changed (`max_views_before` is what the form showed),
 * because sending it starts the view count again (docs/product/api.md §1.9); the password is set when typed,
 * cleared when "remove" is ticked, and otherwise left alone.
 */
export function updateInputFromFileForm(form: FormLike, currentSlug: string, now = new Date()) {
  const values = editFileValues(form);
  const expiry = resolveExpiry(values.expiry as EditExpiryChoice, values.expiryDays, { now, allowKeep: true });
  if (!expiry.ok) {
    return {
      ok: false,
      field: expiry.problem === 'expiryChoiceInvalid' ? 'expiry' : 'expiryDays',
      problem: expiry.problem,
    } satisfies EditFileProblem;
  }
  const password = text(form, 'password');
  const maxViews = values.max_views || '0';
  const maxViewsBefore = text(form, 'max_views_before').trim() || '0';
  return {
    ok: true as const,
    input: {
      remark: values.remark.trim(),
      ...(values.slug && values.slug !== currentSlug ? { slug: values.slug } : {}),
      ...(expiry.expiresAt !== undefined ? { expires_at: expiry.expiresAt } : {}),
      ...(maxViews !== maxViewsBefore ? { max_views: maxViews } : {}),
      ...(values.clearPassword ? { password: '' } : password ? { password } : {}),
      use_proxy: values.use_proxy,
    },
  };
}
