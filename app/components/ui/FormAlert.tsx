import { useCallback } from 'react';
import { useTranslation } from '~/i18n/use-translation';

const STYLES = {
  error: 'border-danger/40 bg-danger/10 text-danger',
  warning: 'border-warning/40 bg-warning/10 text-warning',
  success: 'border-success/40 bg-success/10 text-success',
};

/**
 * A form-level message; an error has role="alert" so screen readers announce it when it appears.
 * `takeFocus`: the message is what a form post changed (its form is gone, a redirect came back with
 * it), so the keyboard's focus moves to it instead of falling to the page's top.
 */
export function FormAlert({
  children,
  tone = 'error',
  takeFocus = false,
}: {
  children: React.ReactNode;
  tone?: 'error' | 'warning' | 'success';
  takeFocus?: boolean;
}) {
  const focus = useCallback((node: HTMLDivElement | null) => node?.focus({ preventScroll: false }), []);
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      ref={takeFocus ? focus : undefined}
      tabIndex={takeFocus ? -1 : undefined}
      className={`rounded-md border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand ${STYLES[tone]}`}
    >
      {children}
    </div>
  );
}

/**
 * A form's error, said once. When the message belongs to a field the form shows it beside (listed
 * in `fields`), the top does not repeat it: it only points at the marked fields, since a long page
 * without JavaScript does not scroll to them. Any other message is shown here.
 */
export function FormErrorAlert({
  formError,
  fieldErrors,
  fields,
}: {
  formError?: string;
  fieldErrors: Record<string, string | undefined>;
  fields: readonly string[];
}) {
  const { t } = useTranslation();
  if (!formError) return null;
  const marked = fields.filter((field) => fieldErrors[field]);
  const shownInField = marked.some((field) => fieldErrors[field] === formError);
  return <FormAlert>{shownInField ? t('errors.seeMarkedFields', { count: marked.length }) : formError}</FormAlert>;
}
