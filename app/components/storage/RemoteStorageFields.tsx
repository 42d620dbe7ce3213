import { Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Field, fieldAria, HintedCheck } from '~/components/ui/Field';
import type { StorageType } from '~/lib/storage-kinds';
import { FieldGroup } from './FieldGroup';
import type { StorageFormValues } from './form';

/** What a new storage can be: each a link (no JavaScript needed), its form below. */
const NEW_KINDS = ['s3', 'webdav', 'sftp'] as const;

/** The kinds a new storage can be, the chosen one marked; each opens its own create form. */
export function StorageKindLinks({ kind, kindHref }: { kind: StorageType; kindHref: (kind: StorageType) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('storage.remote.kind')} className="flex flex-wrap gap-2">
      {NEW_KINDS.map((k) => (
        <Link
          key={k}
          to={kindHref(k)}
          replace
          preventScrollReset
          aria-current={k === kind ? 'page' : undefined}
          className={`btn px-3 py-1.5 text-sm ${k === kind ? 'btn-primary' : ''}`}
        >
          {t(`storage.remote.kinds.${k}`)}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The connection and account fields of a WebDAV or an SFTP storage (docs/storage.md), inside the
 * storage form. The password and the private key are never filled in: on edit, blank keeps what is
 * stored; after a refused submit they are typed again.
 */
export function RemoteStorageFields({
  kind,
  prefix: p,
  mode,
  values: v,
  fieldErrors,
}: {
  kind: 'webdav' | 'sftp';
  prefix: string;
  mode: 'create' | 'update';
  values: StorageFormValues;
  fieldErrors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const aria = (field: string, hint?: unknown) => fieldAria(`${p}-${field}`, fieldErrors[field], hint);
  const keep = mode === 'update' ? t('storage.form.keepSecret') : undefined;
  const text = (field: keyof StorageFormValues, label: string, hint?: string, attrs: object = {}) => (
    <Field id={`${p}-${field}`} label={label} hint={hint} error={fieldErrors[field]}>
      <input
        id={`${p}-${field}`}
        name={field}
        className="input font-mono"
        autoComplete="off"
        spellCheck={false}
        defaultValue={String(v[field] ?? '')}
        {...attrs}
        {...aria(field, hint)}
      />
    </Field>
  );

  return (
    <>
      <FieldGroup legend={t('storage.form.connection')}>
        {kind === 'webdav' ? (
          <div className="sm:col-span-2">
            {text('endpoint_url', t('storage.remote.url'), t('storage.remote.urlHint'), {
              type: 'url',
              inputMode: 'url',
              required: true,
              maxLength: 500,
              placeholder: 'https://nas.example.com/remote.php/dav/files/me/',
            })}
          </div>
        ) : (
          <>
            {text('host', t('storage.remote.host'), t('storage.remote.hostHint'), {
              required: true,
              maxLength: 255,
              placeholder: 'nas.example.com',
            })}
            {text('port', t('storage.remote.port'), undefined, {
              type: 'number',
              inputMode: 'numeric',
              min: 1,
              max: 65535,
              placeholder: '22',
            })}
          </>
        )}
        {text('root_folder', t('storage.remote.rootFolder'), t('storage.remote.rootFolderHint'), {
          maxLength: 500,
          placeholder: kind === 'sftp' ? '/srv/files' : '/',
        })}
        {kind === 'webdav' ? (
          <div className="sm:col-span-2">
            <input type="hidden" name="tls_verify_shown" value="1" />
            <HintedCheck
              id={`${p}-tls_verify`}
              name="tls_verify"
              checked={v.tls_verify}
              label={t('storage.remote.tlsVerify')}
              hint={t('storage.remote.tlsVerifyHint')}
            />
          </div>
        ) : (
          text('host_key_fingerprint', t('storage.remote.fingerprint'), t('storage.remote.fingerprintHint'), {
            maxLength: 60,
            placeholder: 'SHA256:…',
          })
        )}
      </FieldGroup>
      <FieldGroup legend={t('storage.remote.account')}>
        {text('username', t('storage.remote.username'), keep, {
          required: mode === 'create' && kind === 'sftp',
          maxLength: 255,
          placeholder: mode === 'update' ? t('storage.form.unchanged') : undefined,
        })}
        <Field
          id={`${p}-password`}
          label={t('storage.remote.password')}
          hint={keep ?? t('storage.form.secretHint')}
          error={fieldErrors.password}
        >
          <input
            id={`${p}-password`}
            name="password"
            type="password"
            className="input font-mono"
            maxLength={1000}
            autoComplete="new-password"
            placeholder={mode === 'update' ? t('storage.form.unchanged') : undefined}
            {...aria('password', true)}
          />
        </Field>
        {kind === 'sftp' && (
          <Field
            id={`${p}-private_key`}
            label={t('storage.remote.privateKey')}
            hint={keep ?? t('storage.remote.privateKeyHint')}
            error={fieldErrors.private_key}
            className="sm:col-span-2"
          >
            <textarea
              id={`${p}-private_key`}
              name="private_key"
              rows={4}
              className="input font-mono text-xs"
              maxLength={20_000}
              autoComplete="off"
              spellCheck={false}
              placeholder={mode === 'update' ? t('storage.form.unchanged') : '-----BEGIN OPENSSH PRIVATE KEY-----'}
              {...aria('private_key', true)}
            />
          </Field>
        )}
      </FieldGroup>
    </>
  );
}
