import { Form, Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { PermissionFieldset } from '~/components/keys/PermissionFieldset';
import { QuotaFieldset } from '~/components/keys/QuotaFieldset';
import { Field } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { QUOTA_FIELDS, flagsFromPermissionBits, quotaFormValue } from '~/lib/api-key-form';
import type { AccountFormFields } from '~/lib/account-form';
import type { AccountView } from './types';

const QUOTA_OF = {
  quota_mb: 'bytes',
  quota_day_mb: 'dayBytes',
  quota_file_mb: 'fileBytes',
  quota_day_shares: 'dayShares',
} as const;

/**
 * Inviting an account, or changing one (Admin → Accounts): who it is, its role, and for members the
 * rights a key has (permissions, base path, quotas). A real form: works without JavaScript.
 */
export function UserForm({
  mode,
  account,
  cancelTo,
  values,
  formError,
  fieldErrors = {},
}: {
  mode: 'create' | 'update';
  account?: AccountView;
  cancelTo?: string;
  values?: AccountFormFields;
  formError?: string;
  fieldErrors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const p = mode === 'create' ? 'new-account' : 'edit-account';
  const value = (field: keyof AccountFormFields, stored?: string | null) =>
    (values?.[field] as string | undefined) ?? stored ?? '';
  const quotas = Object.fromEntries(
    QUOTA_FIELDS.map(([field, , unit]) => [
      field,
      values?.[field] ?? (account?.quotas ? quotaFormValue(account.quotas[QUOTA_OF[field]], unit) : ''),
    ]),
  );
  const input = (name: keyof AccountFormFields, extra: Record<string, unknown> = {}) => ({
    id: `${p}-${name}`,
    name,
    className: 'input',
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby': fieldErrors[name] ? `${p}-${name}-error` : undefined,
    ...extra,
  });
  return (
    <Form method="post" className="space-y-5" noValidate>
      <input type="hidden" name="intent" value={mode} />
      {account && <input type="hidden" name="id" value={account.id} />}
      {formError && <FormAlert>{formError}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {mode === 'create' && (
          <Field
            id={`${p}-username`}
            label={t('accounts.admin.username')}
            hint={t('accounts.admin.usernameHint')}
            error={fieldErrors.username}
          >
            <input {...input('username', { required: true, autoComplete: 'off', defaultValue: value('username') })} />
          </Field>
        )}
        <Field id={`${p}-name`} label={t('accounts.admin.name')} error={fieldErrors.name}>
          <input {...input('name', { defaultValue: value('name', account?.name) })} />
        </Field>
        <Field id={`${p}-email`} label={t('accounts.admin.email')} error={fieldErrors.email}>
          <input {...input('email', { type: 'email', defaultValue: value('email', account?.email) })} />
        </Field>
        <Field id={`${p}-role`} label={t('accounts.admin.role')} hint={t('accounts.admin.roleHint')}>
          <select {...input('role', { defaultValue: value('role', account?.role ?? 'member') })}>
            <option value="member">{t('accounts.admin.roles.member')}</option>
            <option value="admin">{t('accounts.admin.roles.admin')}</option>
          </select>
        </Field>
      </div>
      <PermissionFieldset
        idPrefix={p}
        checked={values?.permissions ?? flagsFromPermissionBits(account?.permissions ?? 0)}
        error={fieldErrors.permissions}
      />
      <Field
        id={`${p}-basic_path`}
        label={t('accounts.admin.basePath')}
        hint={t('accounts.admin.basePathHint')}
        error={fieldErrors.basic_path}
      >
        <input {...input('basic_path', { defaultValue: value('basic_path', account?.basePath ?? '/') })} />
      </Field>
      <QuotaFieldset prefix={p} values={quotas} fieldErrors={fieldErrors} />
      {mode === 'create' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={`${p}-password`}
            label={t('accounts.admin.password')}
            hint={t('accounts.admin.passwordHint')}
            error={fieldErrors.password}
          >
            <input {...input('password', { type: 'password', autoComplete: 'new-password' })} />
          </Field>
          <Field id={`${p}-invite_days`} label={t('accounts.admin.inviteDays')} error={fieldErrors.invite_days}>
            <input
              {...input('invite_days', { type: 'number', min: 1, max: 30, defaultValue: value('invite_days', '7') })}
            />
          </Field>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary">
          {t(mode === 'create' ? 'accounts.admin.submitInvite' : 'accounts.admin.submitUpdate')}
        </button>
        {cancelTo && (
          <Link to={cancelTo} className="btn">
            {t('accounts.admin.cancel')}
          </Link>
        )}
      </div>
    </Form>
  );
}
