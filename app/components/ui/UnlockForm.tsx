import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from './FormAlert';

/**
 * The step before a share's content: the password prompt of a protected share (intent "unlock"),
 * or the reveal step of a paste with a view limit (intent "reveal", no field: the post is the
 * deliberate act that counts a view). A real form posted to the page's action either way.
 * `keyPrefix` names the translation group holding `heading`, `body` (given `bodyValues`),
 * `password`, `submit` and `submitting`. An error wins over a notice.
 */
export function UnlockForm({
  keyPrefix,
  intent = 'unlock',
  bodyValues,
  icon,
  buttonIcon,
  error,
  notice,
  className,
  formClassName,
  buttonClassName,
}: {
  keyPrefix: string;
  intent?: 'unlock' | 'reveal';
  /** Values interpolated into `body`, e.g. the views left. */
  bodyValues?: Record<string, string | number>;
  /** The lock (or eye) shown beside the heading. */
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
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
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
          <p className="mt-1 text-sm text-subtle">{t(`${keyPrefix}.body`, bodyValues)}</p>
        </div>
      </div>
      <Form method="post" className={`mt-5 ${formClassName ? `${formClassName} ` : ''}space-y-4`} noValidate>
        <input type="hidden" name="intent" value={intent} />
        {error ? <FormAlert>{error}</FormAlert> : notice ? <FormAlert>{notice}</FormAlert> : null}
        {intent === 'unlock' && (
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
        )}
        <button type="submit" className={`btn btn-primary ${buttonClassName}`} disabled={busy}>
          {buttonIcon}
          {busy ? t(`${keyPrefix}.submitting`) : t(`${keyPrefix}.submit`)}
        </button>
      </Form>
    </section>
  );
}
