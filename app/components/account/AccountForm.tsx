import { useTranslation } from '~/i18n/use-translation';
import { Form } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { FormErrorAlert } from '~/components/ui/FormAlert';

/** The fields this form shows its own errors beside: their message is not repeated at the top. */
const FIELDS = ['currentPassword', 'newUsername', 'newPassword', 'confirmPassword'];

interface Props {
  username: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  /** The new username typed before an error; passwords are never echoed back. */
  newUsername?: string;
}

function PasswordField({
  name,
  label,
  autoComplete,
  hint,
  error,
  required,
}: {
  name: string;
  label: string;
  autoComplete: string;
  hint?: string;
  error?: string;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={name} className="field-label">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="password"
        className="input"
        autoComplete={autoComplete}
        required={required}
        maxLength={1000}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : hint ? `${name}-hint` : undefined}
      />
      {error ? (
        <p id={`${name}-error`} className="field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${name}-hint`} className="mt-1 text-xs text-subtle">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/**
 * The account change form (docs/product/spec.md §5): current password required, a new username and/or a new
 * password (typed twice). Posted as a full page load: on success every session ends, so the page
 * that answers must not be re-fetched with the cleared cookie.
 */
export function AccountForm({ username, error, fieldErrors = {}, newUsername }: Props) {
  const { t } = useTranslation();
  return (
    <Form method="post" reloadDocument className="card max-w-xl space-y-5" noValidate>
      {username && (
        <p className="flex items-center gap-2 text-sm text-subtle">
          <Icon name="user" className="h-4 w-4" />
          {t('account.signedInAs', { username })}
        </p>
      )}
      <FormErrorAlert formError={error} fieldErrors={fieldErrors} fields={FIELDS} />
      <PasswordField
        name="currentPassword"
        label={t('account.currentPassword')}
        autoComplete="current-password"
        error={fieldErrors.currentPassword}
        required
      />
      <div className="border-t border-line pt-5">
        <label htmlFor="newUsername" className="field-label">
          {t('account.newUsername')}
        </label>
        <input
          id="newUsername"
          name="newUsername"
          className="input"
          autoComplete="username"
          maxLength={100}
          defaultValue={newUsername}
          aria-invalid={fieldErrors.newUsername ? true : undefined}
          aria-describedby={fieldErrors.newUsername ? 'newUsername-error' : 'newUsername-hint'}
        />
        {fieldErrors.newUsername ? (
          <p id="newUsername-error" className="field-error">
            {fieldErrors.newUsername}
          </p>
        ) : (
          <p id="newUsername-hint" className="mt-1 text-xs text-subtle">
            {t('account.newUsernameHint', { username })}
          </p>
        )}
      </div>
      <PasswordField
        name="newPassword"
        label={t('account.newPassword')}
        autoComplete="new-password"
        hint={t('account.newPasswordHint')}
        error={fieldErrors.newPassword}
      />
      <PasswordField
        name="confirmPassword"
        label={t('account.confirmPassword')}
        autoComplete="new-password"
        error={fieldErrors.confirmPassword}
      />
      <button type="submit" className="btn btn-primary">
        {t('account.submit')}
      </button>
    </Form>
  );
}
