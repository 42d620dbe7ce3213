/**
 * The file edit form's fields and their conversion to the input of updateFileSchema (PUT /files/{id}
 * of api.md §3.4). Pure and client-safe. The password typed is never sent back to the page.
 */
import { resolveExpiry, type EditExpiryChoice, type ExpiryProblem } from '~/lib/expiry';
import type { FileEditValues } from './view';

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export function fileEditValues(form: FormData): FileEditValues {
  return {
    remark: text(form, 'remark'),
    slug: text(form, 'slug').trim(),
    expiry: text(form, 'expiry') || 'keep',
    expiryDays: text(form, 'expiryDays').trim(),
    maxViews: text(form, 'max_views').trim(),
    clearPassword: form.get('clear_password') !== null,
    useProxy: form.get('use_proxy') === '1',
  };
}

type Converted =
  { ok: true; input: Record<string, unknown> } | { ok: false; field: 'expiry' | 'expiryDays'; problem: ExpiryProblem };

/**
 * `maxViewsBefore` is what the form showed: max_views is sent only when it changed, because
 * sending it starts the view count again (api.md §1.9). A new password replaces the old one;
 * "remove password" clears it; neither leaves it as it is.
 */
export function fileEditToInput(values: FileEditValues, password: string, maxViewsBefore: string, now = new Date()) {
  const expiry = resolveExpiry(values.expiry as EditExpiryChoice, values.expiryDays, { now, allowKeep: true });
  if (!expiry.ok) {
    return {
      ok: false,
      field: expiry.problem === 'expiryChoiceInvalid' ? 'expiry' : 'expiryDays',
      problem: expiry.problem,
    } satisfies Converted;
  }
  return {
    ok: true,
    input: {
      remark: values.remark,
      slug: values.slug,
      ...(expiry.expiresAt !== undefined ? { expires_at: expiry.expiresAt } : {}),
      ...(values.maxViews !== maxViewsBefore.trim() ? { max_views: values.maxViews } : {}),
      ...(values.clearPassword ? { password: '' } : password ? { password } : {}),
      use_proxy: values.useProxy,
    },
  } satisfies Converted;
}
