import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from './FormAlert';

/**
 * The password prompt of a protected share: a real form (intent "unlock") posted to the page's
 * action. `keyPrefix` names the translation group holding `heading`, `body`, `password`, `submit`
 * and `submitting`. An error wins over a notice.
 */
export function UnlockForm({
  keyPrefix,
  icon,
  buttonIcon,
  error,
  notice,
  className,
  formClassName,
  buttonClassName,
}: {
  keyPrefix: string;
  /** The lock shown beside the heading. */
  icon: ReactNode;
  buttonIcon?: ReactNode;
  error?: string;
  notice?: string;
  /** Layout of the section, e.g. `w-full`. */
  className: string;
  /** Extra classes of the form, e.g. `max-w-md`. */
  formClassName?: string;
  /** Width of the submit button, e.g. `w-full`. */
  buttonClassName: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'unlock';
  const input = useRef<HTMLInputElement>(null);
  // With JavaScript: after a wrong password, empty the field and put the cursor back in it.
  useEffect(() => {
    if (!error || !input.current) return;
    input.current.value = '';
    input.current.focus();
  }, [error]);
  return (
    <section aria-labelledby="unlock-heading" className={`card ${className}`}>
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-soft text-accent">
          {icon}
        </span>
        <div className="min-w-0">
          <h2 id="unlock-heading" className="text-lg font-semibold">
            {t(`${keyPrefix}.heading`)}
          </h2>
          <p className="mt-1 text-sm text-subtle">{t(`${keyPrefix}.body`)}</p>
        </div>
      </div>
      <Form method="post" className={`mt-5 ${formClassName ? `${formClassName} ` : ''}space-y-4`} noValidate>
        <input type="hidden" name="intent" value="unlock" />
        {error ? <FormAlert>{error}</FormAlert> : notice ? <FormAlert>{notice}</FormAlert> : null}
        <div>
          <label htmlFor="unlock-password" className="field-label">
            {t(`${keyPrefix}.password`)}
          </label>
          <input
            ref={input}
            id="unlock-password"
            name="password"
            type="password"
            className="input"
            autoComplete="off"
            required
            autoFocus
            aria-invalid={error ? true : undefined}
          />
        </div>
        <button type="submit" className={`btn btn-primary ${buttonClassName}`} disabled={busy}>
          {buttonIcon}
          {busy ? t(`${keyPrefix}.submitting`) : t(`${keyPrefix}.submit`)}
        </button>
      </Form>
    </section>
  );
}
