import { scrollBehavior } from '~/lib/motion';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation } from 'react-router';
import { FormErrorAlert } from '~/components/ui/FormAlert';
import {
  KEY_ROLES,
  QUOTA_FIELDS,
  isOfferedRole,
  flagsFromPermissionBits,
  quotaFormValue,
  type ApiKeyFormFields,
} from '~/lib/api-key-form';
import { QuotaFieldset } from './QuotaFieldset';
import type { ApiKeyView } from './types';
import { DateTime } from '~/components/ui/DateTime';
import { isNeverExpiring } from './KeyList';
import { PermissionFieldset } from './PermissionFieldset';
import { roleName } from './role-name';

/** The fields this form shows its own errors beside: their message is not repeated at the top. */
const FIELDS = [
  'name',
  'custom_key',
  'permissions',
  'basic_path',
  'expiry_days',
  'expires_at',
  ...QUOTA_FIELDS.map(([field]) => field),
];

interface Props {
  mode: 'create' | 'update';
  /** The key being edited (update mode). */
  apiKey?: ApiKeyView;
  /** What was submitted, to keep the fields after an error. */
  values?: ApiKeyFormFields;
  formError?: string;
  fieldErrors?: Record<string, string>;
  /** Where "cancel" goes (update mode). */
  cancelTo?: string;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

/** A choice rendered as a bordered pill around a real radio button. */
function Choice({
  name,
  value,
  checked,
  id,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3 py-1.5 text-sm transition-colors has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
    >
      <input type="radio" id={id} name={name} value={value} defaultChecked={checked} className="h-4 w-4 accent-brand" />
      {children}
    </label>
  );
}

/**
 * The create and edit form of an access key: a real form (intent create or update) that works
 * without JavaScript. The custom-key and custom-days fields appear (by CSS) only when chosen.
 */
const NO_ERRORS: Record<string, string> = {};

export function KeyForm({ mode, apiKey, values, formError, fieldErrors = NO_ERRORS, cancelTo }: Props) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === mode;
  const p = mode; // id prefix
  type QuotaField = (typeof QUOTA_FIELDS)[number][0];
  const v: Required<Omit<ApiKeyFormFields, 'permissions' | QuotaField>> & { permissions: readonly string[] } = {
    name: values?.name ?? apiKey?.name ?? '',
    key_mode: values?.key_mode ?? 'generated',
    custom_key: values?.custom_key ?? '',
    permissions: values?.permissions ?? (apiKey ? flagsFromPermissionBits(apiKey.permissions) : []),
    role: values?.role ?? apiKey?.role ?? 'GENERAL',
    basic_path: values?.basic_path ?? apiKey?.basePath ?? '/',
    is_guest: values ? (values.is_guest ?? '') : apiKey?.isGuest ? '1' : '',
    expiry: values?.expiry ?? (mode === 'update' ? 'keep' : '30'),
    expiry_days: values?.expiry_days ?? '',
  };
  const quotaOf = {
    quota_mb: 'bytes',
    quota_day_mb: 'dayBytes',
    quota_file_mb: 'fileBytes',
    quota_day_shares: 'dayShares',
  } as const;
  const quotaValues = Object.fromEntries(
    QUOTA_FIELDS.map(([field, , unit]) => [
      field,
      values ? values[field] : apiKey ? quotaFormValue(apiKey.quotas[quotaOf[field]], unit) : '',
    ]),
  );
  const roles: string[] = isOfferedRole(v.role) ? [...KEY_ROLES] : [...KEY_ROLES, v.role];
  const describedBy = (field: string, hint?: string) =>
    fieldErrors[field] ? `${p}-${field}-error` : hint ? `${p}-${field}-hint` : undefined;
  const expiryError = fieldErrors.expiry_days ?? fieldErrors.expires_at;
  const form = useRef<HTMLFormElement>(null);
  // With JavaScript the page is not reloaded: bring the first mistake into view and focus it.
  useEffect(() => {
    if (!formError) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    form.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    invalid?.focus({ preventScroll: true });
  }, [formError, fieldErrors]);

  return (
    <Form ref={form} method="post" className="group/keyform scroll-mt-24 space-y-6" noValidate>
      <input type="hidden" name="intent" value={mode} />
      {apiKey && mode === 'update' && <input type="hidden" name="id" value={apiKey.id} />}
      <FormErrorAlert formError={formError} fieldErrors={fieldErrors} fields={FIELDS} />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${p}-name`} className="field-label">
            {t('keys.form.name')}
          </label>
          <input
            id={`${p}-name`}
            name="name"
            className="input"
            required
            maxLength={100}
            autoComplete="off"
            placeholder={t('keys.form.namePlaceholder')}
            defaultValue={v.name}
            aria-invalid={fieldErrors.name ? true : undefined}
            aria-describedby={describedBy('name')}
          />
          <FieldError id={`${p}-name-error`} message={fieldErrors.name} />
        </div>
        <div>
          <label htmlFor={`${p}-role`} className="field-label">
            {t('keys.form.role')}
          </label>
          <select
            id={`${p}-role`}
            name="role"
            className="input"
            defaultValue={v.role}
            aria-describedby={`${p}-role-hint`}
          >
            {roles.map((role) => (
              <option key={role} value={role}>
                {roleName(t, role)}
              </option>
            ))}
          </select>
          <p id={`${p}-role-hint`} className="mt-1 text-xs text-subtle">
            {t('keys.form.roleHint')}
          </p>
        </div>
      </div>

      {mode === 'create' && (
        <fieldset>
          <legend className="field-label">{t('keys.form.key')}</legend>
          <div className="flex flex-wrap gap-2">
            <Choice name="key_mode" value="generated" id="create-key-generated" checked={v.key_mode !== 'custom'}>
              {t('keys.form.generated')}
            </Choice>
            <Choice name="key_mode" value="custom" id="create-key-custom" checked={v.key_mode === 'custom'}>
              {t('keys.form.custom')}
            </Choice>
          </div>
          <div className="mt-3 hidden max-w-md group-has-[#create-key-custom:checked]/keyform:block">
            <label htmlFor="create-custom_key" className="field-label">
              {t('keys.form.customKey')}
            </label>
            <input
              id="create-custom_key"
              name="custom_key"
              className="input font-mono"
              autoComplete="off"
              spellCheck={false}
              pattern="[A-Za-z0-9_\-]+"
              maxLength={128}
              defaultValue={v.custom_key}
              aria-invalid={fieldErrors.custom_key ? true : undefined}
              aria-describedby={describedBy('custom_key', 'hint')}
            />
            {fieldErrors.custom_key ? (
              <FieldError id="create-custom_key-error" message={fieldErrors.custom_key} />
            ) : (
              <p id="create-custom_key-hint" className="mt-1 text-xs text-subtle">
                {t('keys.form.customKeyHint')}
              </p>
            )}
          </div>
        </fieldset>
      )}

      <PermissionFieldset idPrefix={p} checked={v.permissions} error={fieldErrors.permissions} />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${p}-basic_path`} className="field-label">
            {t('keys.form.basePath')}
          </label>
          <input
            id={`${p}-basic_path`}
            name="basic_path"
            className="input font-mono"
            autoComplete="off"
            spellCheck={false}
            defaultValue={v.basic_path}
            aria-invalid={fieldErrors.basic_path ? true : undefined}
            aria-describedby={describedBy('basic_path', 'hint')}
          />
          {fieldErrors.basic_path ? (
            <FieldError id={`${p}-basic_path-error`} message={fieldErrors.basic_path} />
          ) : (
            <p id={`${p}-basic_path-hint`} className="mt-1 text-xs text-subtle">
              {t('keys.form.basePathHint')}
            </p>
          )}
        </div>
        <div className="sm:pt-7">
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              name="is_guest"
              value="1"
              defaultChecked={v.is_guest === '1'}
              aria-describedby={`${p}-is_guest-hint`}
              className="h-4 w-4 accent-brand"
            />
            {t('keys.form.isGuest')}
          </label>
          <p id={`${p}-is_guest-hint`} className="mt-1 text-xs text-subtle">
            {t('keys.form.isGuestHint')}
          </p>
        </div>
      </div>

      <fieldset aria-describedby={expiryError ? `${p}-expiry-error` : undefined}>
        <legend className="field-label">{t('keys.form.expiry')}</legend>
        <div className="flex flex-wrap gap-2">
          {mode === 'update' && apiKey && (
            <Choice name="expiry" value="keep" id={`${p}-expiry-keep`} checked={v.expiry === 'keep'}>
              {t('keys.form.expiryKeep')}
              <span className="text-xs text-subtle">
                {isNeverExpiring(apiKey.expiresAt) ? t('keys.list.never') : <DateTime iso={apiKey.expiresAt} />}
              </span>
            </Choice>
          )}
          <Choice name="expiry" value="1" id={`${p}-expiry-1`} checked={v.expiry === '1'}>
            {t('keys.form.expiry1')}
          </Choice>
          <Choice name="expiry" value="7" id={`${p}-expiry-7`} checked={v.expiry === '7'}>
            {t('keys.form.expiry7')}
          </Choice>
          <Choice name="expiry" value="30" id={`${p}-expiry-30`} checked={v.expiry === '30'}>
            {t('keys.form.expiry30')}
          </Choice>
          <Choice name="expiry" value="never" id={`${p}-expiry-never`} checked={v.expiry === 'never'}>
            {t('keys.form.expiryNever')}
          </Choice>
          <Choice name="expiry" value="custom" id={`${p}-expiry-custom`} checked={v.expiry === 'custom'}>
            {t('keys.form.expiryCustom')}
          </Choice>
        </div>
        <div className="mt-3 hidden max-w-48 group-has-[[name=expiry][value=custom]:checked]/keyform:block">
          <label htmlFor={`${p}-expiry_days`} className="field-label">
            {t('keys.form.expiryDays')}
          </label>
          <input
            id={`${p}-expiry_days`}
            name="expiry_days"
            type="number"
            inputMode="numeric"
            min={1}
            max={36500}
            step={1}
            className="input"
            defaultValue={v.expiry_days}
            aria-invalid={expiryError ? true : undefined}
            aria-describedby={expiryError ? `${p}-expiry-error` : undefined}
          />
        </div>
        <FieldError id={`${p}-expiry-error`} message={expiryError} />
      </fieldset>

      <QuotaFieldset prefix={p} values={quotaValues} fieldErrors={fieldErrors} />

      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {mode === 'create'
            ? t(busy ? 'keys.form.creating' : 'keys.form.create')
            : t(busy ? 'keys.form.saving' : 'keys.form.save')}
        </button>
        {cancelTo && (
          <Link to={cancelTo} className="btn">
            {t('keys.form.cancel')}
          </Link>
        )}
      </div>
    </Form>
  );
}
