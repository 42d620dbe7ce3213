import { scrollBehavior } from '~/lib/motion';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation } from 'react-router';
import { Field, fieldAria, HintedCheck } from '~/components/ui/Field';
import { FormErrorAlert } from '~/components/ui/FormAlert';
import { MAX_SIGNATURE_SECONDS, quotaGb, type StorageFormValues } from './form';
import { PROVIDERS } from '~/lib/storage-name';
import type { StorageItem } from './view';
import { FieldGroup } from './FieldGroup';
import { RemoteStorageFields, StorageKindLinks } from './RemoteStorageFields';
import type { StorageType } from '~/lib/storage-kinds';

/** The fields this form shows its own errors beside: their message is not repeated at the top. */
const FIELDS = [
  'name',
  'endpoint_url',
  'bucket_name',
  'region',
  'access_key_id',
  'secret_access_key',
  'default_folder',
  'custom_host',
  'signature_expires_in',
  'total_storage_gb',
  'username',
  'password',
  'private_key',
  'root_folder',
  'host',
  'port',
  'host_key_fingerprint',
];

const NO_ERRORS: Record<string, string> = {};

/**
 * Create or edit a storage config: a real form (intent create or update) that works without
 * JavaScript. S3 configs have every field; the embedded local config only a name, the public flag
 * and a quota. Key fields are never filled in: on edit, blank keeps what is stored.
 */
export function StorageForm({
  mode,
  config,
  values,
  formError,
  fieldErrors = NO_ERRORS,
  cancelTo,
  newKind = 's3',
  kindHref,
}: {
  mode: 'create' | 'update';
  /** The kind of a new storage (the create form's `?new=`). */
  newKind?: StorageType;
  /** The address of the create form for another kind. */
  kindHref?: (kind: StorageType) => string;
  config?: StorageItem;
  /** What was submitted, after an error (never the secret). */
  values?: StorageFormValues;
  formError?: string;
  fieldErrors?: Record<string, string>;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === mode;
  const form = useRef<HTMLFormElement>(null);
  const p = mode === 'create' ? 'new-storage' : 'edit-storage';
  const kind: StorageType = config?.storageType ?? values?.storage_type ?? newKind;
  const s3 = kind === 's3';
  const remote = kind === 'webdav' || kind === 'sftp';
  const sftpUrl = kind === 'sftp' && config?.endpointUrl ? new URL(config.endpointUrl) : null;
  const v: StorageFormValues = values ?? {
    storage_type: kind,
    username: '',
    root_folder: config?.rootFolder ?? '',
    tls_verify: config?.tlsVerify ?? true,
    host: sftpUrl?.hostname.replace(/^\[|\]$/g, '') ?? '',
    port: sftpUrl?.port ?? '',
    host_key_fingerprint: config?.hostKeyFingerprint ?? '',
    name: config?.name ?? '',
    provider_type: config?.providerType ?? 'AWS S3',
    endpoint_url: config?.endpointUrl ?? '',
    bucket_name: config?.bucketName ?? '',
    region: config?.region ?? '',
    access_key_id: '',
    default_folder: config?.defaultFolder ?? '',
    custom_host: config?.customHost ?? '',
    signature_expires_in: String(config?.signatureExpiresIn ?? 3600),
    total_storage_gb: quotaGb(config?.totalStorageBytes ?? null),
    path_style: Boolean(config?.pathStyle),
    is_public: Boolean(config?.isPublic),
  };
  const aria = (field: string, hint?: unknown) => fieldAria(`${p}-${field}`, fieldErrors[field], hint);

  // With JavaScript the page is not reloaded: bring the first mistake into view and focus it.
  useEffect(() => {
    if (!formError) return;
    // As without JavaScript, where the page comes back without them: the secrets are typed again.
    for (const name of ['secret_access_key', 'password', 'private_key']) {
      const secret = form.current?.elements.namedItem(name);
      if (secret instanceof HTMLInputElement || secret instanceof HTMLTextAreaElement) secret.value = '';
    }
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    form.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    invalid?.focus({ preventScroll: true });
  }, [formError, fieldErrors]);

  const keyHint = mode === 'update' ? t('storage.form.keepSecret') : undefined;
  const secretHint =
    mode === 'update'
      ? t('storage.form.keepSecret')
      : values
        ? t('storage.form.secretAgain')
        : t('storage.form.secretHint');

  return (
    <Form ref={form} method="post" className="scroll-mt-24 space-y-5" noValidate>
      <input type="hidden" name="intent" value={mode} />
      {config && <input type="hidden" name="id" value={config.id} />}
      {mode === 'create' && <input type="hidden" name="storage_type" value={kind} />}
      {mode === 'create' && kindHref && <StorageKindLinks kind={kind} kindHref={kindHref} />}
      <FormErrorAlert formError={formError} fieldErrors={fieldErrors} fields={FIELDS} />

      <div className="grid gap-x-5 gap-y-4 sm:grid-cols-2">
        <Field id={`${p}-name`} label={t('storage.form.name')} error={fieldErrors.name}>
          <input
            id={`${p}-name`}
            name="name"
            className="input"
            required
            maxLength={100}
            autoComplete="off"
            placeholder={t('storage.form.namePlaceholder')}
            defaultValue={v.name}
            {...aria('name')}
          />
        </Field>
        {s3 && (
          <Field id={`${p}-provider`} label={t('storage.form.provider')} hint={t('storage.form.providerHint')}>
            <select
              id={`${p}-provider`}
              name="provider_type"
              className="input"
              defaultValue={v.provider_type}
              aria-describedby={`${p}-provider-hint`}
            >
              {PROVIDERS.map((provider) => (
                <option key={provider.value} value={provider.value}>
                  {t(provider.label)}
                </option>
              ))}
            </select>
          </Field>
        )}
      </div>

      {s3 && (
        <FieldGroup legend={t('storage.form.connection')}>
          <Field
            id={`${p}-endpoint_url`}
            label={t('storage.form.endpoint')}
            hint={t('storage.form.endpointHint')}
            error={fieldErrors.endpoint_url}
            className="sm:col-span-2"
          >
            <input
              id={`${p}-endpoint_url`}
              name="endpoint_url"
              type="url"
              inputMode="url"
              className="input font-mono"
              required
              maxLength={500}
              autoComplete="off"
              spellCheck={false}
              placeholder="https://s3.us-east-1.amazonaws.com"
              defaultValue={v.endpoint_url}
              {...aria('endpoint_url', true)}
            />
          </Field>
          <Field id={`${p}-bucket_name`} label={t('storage.form.bucket')} error={fieldErrors.bucket_name}>
            <input
              id={`${p}-bucket_name`}
              name="bucket_name"
              className="input font-mono"
              required
              maxLength={255}
              autoComplete="off"
              spellCheck={false}
              defaultValue={v.bucket_name}
              {...aria('bucket_name')}
            />
          </Field>
          <Field
            id={`${p}-region`}
            label={t('storage.form.region')}
            hint={t('storage.form.regionHint')}
            error={fieldErrors.region}
          >
            <input
              id={`${p}-region`}
              name="region"
              className="input font-mono"
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              placeholder="us-east-1"
              defaultValue={v.region}
              {...aria('region', true)}
            />
          </Field>
          <div className="sm:col-span-2">
            <HintedCheck
              id={`${p}-path_style`}
              name="path_style"
              checked={v.path_style}
              label={t('storage.form.pathStyle')}
              hint={t('storage.form.pathStyleHint')}
            />
          </div>
        </FieldGroup>
      )}

      {s3 && (
        <FieldGroup legend={t('storage.form.credentials')}>
          <Field
            id={`${p}-access_key_id`}
            label={t('storage.form.accessKeyId')}
            hint={keyHint}
            error={fieldErrors.access_key_id}
          >
            <input
              id={`${p}-access_key_id`}
              name="access_key_id"
              className="input font-mono"
              required={mode === 'create'}
              maxLength={500}
              autoComplete="off"
              spellCheck={false}
              placeholder={mode === 'update' ? t('storage.form.unchanged') : undefined}
              defaultValue={v.access_key_id}
              {...aria('access_key_id', keyHint)}
            />
          </Field>
          <Field
            id={`${p}-secret_access_key`}
            label={t('storage.form.secretAccessKey')}
            hint={secretHint}
            error={fieldErrors.secret_access_key}
          >
            <input
              id={`${p}-secret_access_key`}
              name="secret_access_key"
              type="password"
              className="input font-mono"
              required={mode === 'create'}
              maxLength={1000}
              autoComplete="new-password"
              spellCheck={false}
              placeholder={mode === 'update' ? t('storage.form.unchanged') : undefined}
              {...aria('secret_access_key', true)}
            />
          </Field>
        </FieldGroup>
      )}

      {remote && <RemoteStorageFields kind={kind} prefix={p} mode={mode} values={v} fieldErrors={fieldErrors} />}

      <FieldGroup legend={t('storage.form.options')}>
        {(s3 || remote) && (
          <Field
            id={`${p}-default_folder`}
            label={t('storage.form.defaultFolder')}
            hint={t(remote ? 'storage.remote.defaultFolderHint' : 'storage.form.defaultFolderHint')}
            error={fieldErrors.default_folder}
          >
            <input
              id={`${p}-default_folder`}
              name="default_folder"
              className="input font-mono"
              maxLength={500}
              autoComplete="off"
              spellCheck={false}
              placeholder="shares/"
              defaultValue={v.default_folder}
              {...aria('default_folder', true)}
            />
          </Field>
        )}
        {s3 && (
          <Field
            id={`${p}-custom_host`}
            label={t('storage.form.customHost')}
            hint={t('storage.form.customHostHint')}
            error={fieldErrors.custom_host}
          >
            <input
              id={`${p}-custom_host`}
              name="custom_host"
              type="url"
              inputMode="url"
              className="input font-mono"
              maxLength={500}
              autoComplete="off"
              spellCheck={false}
              placeholder="https://cdn.example.com"
              defaultValue={v.custom_host}
              {...aria('custom_host', true)}
            />
          </Field>
        )}
        {s3 && (
          <Field
            id={`${p}-signature_expires_in`}
            label={t('storage.form.signatureExpiry')}
            hint={t('storage.form.signatureExpiryHint')}
            error={fieldErrors.signature_expires_in}
          >
            <input
              id={`${p}-signature_expires_in`}
              name="signature_expires_in"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SIGNATURE_SECONDS}
              step={1}
              className="input"
              defaultValue={v.signature_expires_in}
              {...aria('signature_expires_in', true)}
            />
          </Field>
        )}
        <Field
          id={`${p}-total_storage_gb`}
          label={t('storage.form.quota')}
          hint={t(s3 ? 'storage.form.quotaHint' : remote ? 'storage.remote.quotaHint' : 'storage.form.quotaHintLocal')}
          error={fieldErrors.total_storage_gb}
        >
          <input
            id={`${p}-total_storage_gb`}
            name="total_storage_gb"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            className="input"
            defaultValue={v.total_storage_gb}
            {...aria('total_storage_gb', true)}
          />
        </Field>
        <div className="sm:col-span-2">
          <HintedCheck
            id={`${p}-is_public`}
            name="is_public"
            checked={v.is_public}
            label={t('storage.form.public')}
            hint={t('storage.form.publicHint')}
          />
        </div>
      </FieldGroup>

      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {mode === 'create'
            ? t(busy ? 'storage.form.creating' : 'storage.form.create')
            : t(busy ? 'storage.form.saving' : 'storage.form.save')}
        </button>
        <Link to={cancelTo} className="btn">
          {t('storage.form.cancel')}
        </Link>
      </div>
    </Form>
  );
}
