import { useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation } from 'react-router';
import { Field, fieldAria } from '~/components/ui/Field';
import { FormErrorAlert } from '~/components/ui/FormAlert';
import { useErrorFocus } from '~/components/ui/use-error-focus';
import type { MountFormValues, StorageChoice } from './view';
import { storageDisplayName } from '~/lib/storage-name';

/** The fields this form shows its own errors beside: their message is not repeated at the top. */
const FIELDS = [
  'name',
  'mount_path',
  'storage_config_id',
  'root_folder',
  'remark',
  'sort_order',
  'cache_ttl',
  'sign_expires',
  'webdav_policy',
];

const EMPTY: MountFormValues = {
  name: '',
  mount_path: '',
  storage_config_id: '',
  root_folder: '',
  remark: '',
  sort_order: '0',
  cache_ttl: '300',
  is_active: true,
  web_proxy: false,
  webdav_policy: 'native_proxy',
  enable_sign: false,
  sign_expires: '',
};

function Check({ name, label, hint, checked }: { name: string; label: string; hint?: string; checked: boolean }) {
  return (
    <label className="flex cursor-pointer items-start gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} className="mt-0.5 h-4 w-4 accent-brand" />
      <span>
        {label}
        {hint && <span className="block text-xs text-subtle">{hint}</span>}
      </span>
    </label>
  );
}

/**
 * Create or edit a mount: a real form posting every field (intent "create" or "update"), so it
 * works the same with and without JavaScript. Field names are those of docs/product/api.md §2.10.
 */
export function MountForm({
  mode,
  id,
  values = EMPTY,
  storages,
  formError,
  fieldErrors = {},
  cancelTo,
}: {
  mode: 'create' | 'update';
  id?: string;
  values?: MountFormValues;
  storages: StorageChoice[];
  formError?: string;
  fieldErrors?: Record<string, string>;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === mode;
  const formRef = useRef<HTMLFormElement>(null);
  useErrorFocus(formRef, formError, fieldErrors);
  const storageId = values.storage_config_id || storages.find((s) => s.isDefault)?.id || storages[0]?.id;
  const text = (name: keyof MountFormValues, label: string, extra: { hint?: string; placeholder?: string } = {}) => (
    <Field id={`mount-${name}`} label={label} hint={extra.hint} error={fieldErrors[name]}>
      <input
        id={`mount-${name}`}
        name={name}
        className={`input ${name === 'mount_path' || name === 'root_folder' ? 'font-mono' : ''}`}
        defaultValue={String(values[name])}
        placeholder={extra.placeholder}
        autoComplete="off"
        inputMode={['sort_order', 'cache_ttl', 'sign_expires'].includes(name) ? 'numeric' : undefined}
        required={name === 'name' || name === 'mount_path'}
        {...fieldAria(`mount-${name}`, fieldErrors[name], extra.hint)}
      />
    </Field>
  );
  return (
    <Form ref={formRef} method="post" className="space-y-5" noValidate>
      <input type="hidden" name="intent" value={mode} />
      {id && <input type="hidden" name="id" value={id} />}
      <FormErrorAlert formError={formError} fieldErrors={fieldErrors} fields={FIELDS} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', t('mounts.form.name'), { placeholder: t('mounts.form.namePlaceholder') })}
        {text('mount_path', t('mounts.form.path'), { hint: t('mounts.form.pathHint'), placeholder: '/team/files' })}
        <Field id="mount-storage_config_id" label={t('mounts.form.storage')} error={fieldErrors.storage_config_id}>
          <select
            id="mount-storage_config_id"
            name="storage_config_id"
            className="input"
            defaultValue={storageId}
            {...fieldAria('mount-storage_config_id', fieldErrors.storage_config_id)}
          >
            {storages.map((s) => {
              const label = t(`mounts.form.storageOf.${s.storageType}`, {
                name: storageDisplayName(t, s.name),
              });
              return (
                <option key={s.id} value={s.id}>
                  {s.isDefault ? t('mounts.form.storageDefault', { name: label }) : label}
                </option>
              );
            })}
          </select>
        </Field>
        {text('root_folder', t('mounts.form.rootFolder'), {
          hint: t('mounts.form.rootFolderHint'),
          placeholder: 'team/files',
        })}
        {text('remark', t('mounts.form.remark'))}
        {text('sort_order', t('mounts.form.sortOrder'), { hint: t('mounts.form.sortOrderHint') })}
        {text('cache_ttl', t('mounts.form.cacheTtl'), { hint: t('mounts.form.cacheTtlHint') })}
      </div>
      <Check
        name="is_active"
        label={t('mounts.form.active')}
        hint={t('mounts.form.activeHint')}
        checked={values.is_active}
      />
      <fieldset className="space-y-4 rounded-lg border border-line p-4">
        <legend className="px-1 text-sm font-medium">{t('mounts.form.advanced')}</legend>
        <Check
          name="web_proxy"
          label={t('mounts.form.webProxy')}
          hint={t('mounts.form.webProxyHint')}
          checked={values.web_proxy}
        />
        <Check name="enable_sign" label={t('mounts.form.enableSign')} checked={values.enable_sign} />
        <div className="grid gap-4 sm:grid-cols-2">
          {text('sign_expires', t('mounts.form.signExpires'), { hint: t('mounts.form.signExpiresHint') })}
          <Field id="mount-webdav_policy" label={t('mounts.form.webdavPolicy')} error={fieldErrors.webdav_policy}>
            <select id="mount-webdav_policy" name="webdav_policy" className="input" defaultValue={values.webdav_policy}>
              <option value="native_proxy">{t('mounts.form.policyProxy')}</option>
              <option value="302_redirect">{t('mounts.form.policyRedirect')}</option>
            </select>
          </Field>
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy
            ? t(`mounts.form.${mode === 'create' ? 'creating' : 'saving'}`)
            : t(`mounts.form.${mode === 'create' ? 'create' : 'save'}`)}
        </button>
        <Link to={cancelTo} className="btn">
          {t('mounts.form.cancel')}
        </Link>
      </div>
    </Form>
  );
}
