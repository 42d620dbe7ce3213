import { useRef } from 'react';
import { Field, fieldAria } from '~/components/ui/Field';
import { useTranslation } from '~/i18n/use-translation';

/**
 * A backup's passphrase, typed twice (issue 42, item 14): a typo would make every backup made with
 * it unrestorable. The server compares the two (`passphrase`, `passphrase_again`); with JavaScript
 * the browser says so as soon as the second differs.
 */
export function PassphraseFields({
  id,
  hint,
  required,
  error,
  againError,
}: {
  id: string;
  hint: string;
  required: boolean;
  error?: string;
  againError?: string;
}) {
  const { t } = useTranslation();
  const first = useRef<HTMLInputElement>(null);
  const againId = `${id}-again`;
  const input = { type: 'password', autoComplete: 'new-password', minLength: 8, maxLength: 200, className: 'input' };
  return (
    <>
      <Field id={id} label={t('backups.passphrase')} hint={hint} error={error}>
        <input id={id} name="passphrase" ref={first} required={required} {...input} {...fieldAria(id, error, true)} />
      </Field>
      <Field id={againId} label={t('backups.passphraseAgain')} error={againError}>
        <input
          id={againId}
          name="passphrase_again"
          required={required}
          {...input}
          onInput={(event) => {
            const same = event.currentTarget.value === first.current?.value;
            event.currentTarget.setCustomValidity(same ? '' : t('errors.backupPassphraseMismatch'));
          }}
          {...fieldAria(againId, againError)}
        />
      </Field>
    </>
  );
}
