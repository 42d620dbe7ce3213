import { DEFAULT_EXPIRY, resolveExpiry, type EditExpiryChoice, type ExpiryProblem } from './expiry';

/**
 * The paste forms (home page create, paste page edit) as plain data: what the user typed, and the
 * conversion to the input of the shared zod schemas (createPasteSchema / updatePasteSchema), so the
 * forms and the JSON API meet in one place. Client-safe and pure.
 */

/** Everything a paste form sends back to the page after a failure. The password never is. */
export interface PasteFormValues {
  content: string;
  slug: string;
  remark: string;
  expiry: string;
  expiryDays: string;
  maxViews: string;
}

interface FormLike {
  get(name: string): unknown;
}

function text(form: FormLike, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * Browsers send a textarea's line breaks as CRLF in a form post (and as LF through FormData with
 * JavaScript); a textarea's value itself only ever has LF. So CRLF here is an artifact of the
 * transport, and the paste keeps the text as it was typed.
 */
function textareaText(form: FormLike, name: string): string {
  return text(form, name).replace(/\r\n?/g, '\n');
}

/** The home form sealed its text in the browser (components/paste/use-sealed-create.ts). */
const isSealed = (form: FormLike) => form.get('encrypted') === '1';

/** What the form holds; an envelope is never sent back to the editor (the page still has the text). */
export function pasteFormValues(form: FormLike): PasteFormValues {
  return {
    content: isSealed(form) ? '' : textareaText(form, 'content'),
    slug: text(form, 'slug').trim(),
    remark: text(form, 'remark'),
    expiry: text(form, 'expiry') || DEFAULT_EXPIRY,
    expiryDays: text(form, 'expiryDays').trim(),
    maxViews: text(form, 'maxViews').trim(),
  };
}

/** A problem found before the schema runs: the expiry fields. `field` names the form field. */
export interface FormProblem {
  ok: false;
  field: 'expiry' | 'expiryDays';
  problem: ExpiryProblem;
}

function expiryProblem(problem: ExpiryProblem): FormProblem {
  return { ok: false, field: problem === 'expiryChoiceInvalid' ? 'expiry' : 'expiryDays', problem };
}

/** The body of POST /api/paste, from the home page form (empty fields left out, like the web client). */
export function createInputFromForm(form: FormLike, now = new Date()) {
  const values = pasteFormValues(form);
  const expiry = resolveExpiry(values.expiry, values.expiryDays, { now });
  if (!expiry.ok) return expiryProblem(expiry.problem);
  const password = text(form, 'password');
  const sealed = isSealed(form);
  return {
    ok: true as const,
    input: {
      content: sealed ? text(form, 'content') : values.content,
      ...(sealed ? { encrypted: true } : {}),
      ...(values.slug ? { slug: values.slug } : {}),
      ...(values.remark.trim() ? { remark: values.remark.trim() } : {}),
      ...(password ? { password } : {}),
      expiresAt: expiry.expiresAt ?? null,
      ...(values.maxViews ? { maxViews: values.maxViews } : {}),
    },
  };
}

/**
 * The body of PUT /api/pastes/{slug}, from the edit form. The slug field starts as the current slug:
 * unchanged means keep it, emptied means a new random one (as the API's `newSlug: ""`). The expiry
 * select starts at "keep". An empty max views means unlimited, like 0.
 */
export function updateInputFromForm(form: FormLike, currentSlug: string, now = new Date()) {
  const values = pasteFormValues(form);
  const expiry = resolveExpiry(values.expiry as EditExpiryChoice, values.expiryDays, { now, allowKeep: true });
  if (!expiry.ok) return expiryProblem(expiry.problem);
  const password = text(form, 'password');
  const clearPassword = form.get('clearPassword') === 'on';
  return {
    ok: true as const,
    input: {
      content: values.content,
      remark: values.remark.trim(),
      ...(expiry.expiresAt !== undefined ? { expiresAt: expiry.expiresAt } : {}),
      maxViews: values.maxViews || '0',
      ...(clearPassword ? { clearPassword: true } : password ? { password } : {}),
      ...(values.slug === currentSlug ? {} : { newSlug: values.slug }),
    },
  };
}
