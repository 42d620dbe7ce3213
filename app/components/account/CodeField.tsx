import { useTranslation } from '~/i18n/use-translation';
import { Field } from '~/components/ui/Field';

/** The one-time code field of every second-factor form: a TOTP code, or a recovery code where allowed. */
export function CodeField({ error, hint }: { error?: string; hint?: string }) {
  const { t } = useTranslation();
  return (
    <Field id="code" label={t('accounts.code')} hint={hint} error={error}>
      <input
        id="code"
        name="code"
        className="input font-mono"
        autoComplete="one-time-code"
        autoFocus
        required
        maxLength={64}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'code-error' : hint ? 'code-hint' : undefined}
      />
    </Field>
  );
}
