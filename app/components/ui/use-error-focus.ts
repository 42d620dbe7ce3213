import { scrollBehavior } from '~/lib/motion';
import { useEffect, type RefObject } from 'react';

/**
 * After a submission comes back with errors: empty the password field (a typed password is never
 * sent back to the page), scroll the form into view and focus its first invalid field.
 */
export function useErrorFocus(
  form: RefObject<HTMLFormElement | null>,
  formError: string | null | undefined,
  fieldErrors: unknown,
) {
  useEffect(() => {
    if (!formError || !form.current) return;
    const password = form.current.elements.namedItem('password');
    if (password instanceof HTMLInputElement) password.value = '';
    const invalid = form.current.querySelector<HTMLElement>('[aria-invalid="true"]');
    form.current.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    invalid?.focus({ preventScroll: true });
  }, [form, formError, fieldErrors]);
}
