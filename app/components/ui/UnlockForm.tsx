import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, useNavigation, useSubmit } from 'react-router';
import { FormAlert } from './FormAlert';
import { IconHeading } from './IconHeading';

/**
 * The step before a share's content: the password prompt of a protected share (intent "unlock"),
 * or the reveal step of a paste with a view limit (intent "reveal", no field: the post is the
 * deliberate act that counts a view). A real form posted to the page's action either way.
 * `keyPrefix` names the translation group holding `heading`, `body` (given `bodyValues`),
 * `password`, `submit` and `submitting`. An error wins over a notice. With `transform`, the form
 * sends what it makes of the password instead (an encrypted share's verifier, docs/encryption.md),
 * or sends nothing and shows the message when `transform` throws one (a key or password that does
 * not open the share: no view is spent on it).
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
  transform,
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
  transform?: (password: string) => Promise<string>;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [transforming, setTransforming] = useState(false);
  const [refused, setRefused] = useState<string>();
  const busy = transforming || (navigation.state === 'submitting' && navigation.formData?.get('intent') === intent);
  const onSubmit = transform
    ? (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setTransforming(true);
        setRefused(undefined);
        void transform(String(form.get('password') ?? ''))
          .then((sent) => {
            form.set('password', sent);
            return submit(form, { method: 'post' });
          })
          .catch((reason: unknown) => setRefused(reason instanceof Error ? reason.message : String(reason)))
          .finally(() => setTransforming(false));
      }
    : undefined;
  const input = useRef<HTMLInputElement>(null);
  // With JavaScript: after a wrong password, empty the field and put the cursor back in it.
  const shownError = refused ?? error;
  useEffect(() => {
    if (!shownError || !input.current) return;
    input.current.value = '';
    input.current.focus();
  }, [shownError]);
  return (
    <section aria-labelledby="unlock-heading" className={`card ${className}`}>
      <IconHeading
        id="unlock-heading"
        icon={icon}
        heading={t(`${keyPrefix}.heading`)}
        body={t(`${keyPrefix}.body`, bodyValues)}
      />
      <Form
        method="post"
        onSubmit={onSubmit}
        className={`mt-5 ${formClassName ? `${formClassName} ` : ''}space-y-4`}
        noValidate
      >
        <input type="hidden" name="intent" value={intent} />
        {shownError ? <FormAlert>{shownError}</FormAlert> : notice ? <FormAlert>{notice}</FormAlert> : null}
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
              aria-invalid={shownError ? true : undefined}
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
