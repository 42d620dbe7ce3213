import { useTranslation } from '~/i18n/use-translation';
import { storageDisplayName } from '~/lib/storage-name';
import { Link } from 'react-router';
import { Badge } from '~/components/keys/Badge';
import { DateTime } from '~/components/ui/DateTime';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { IntentButton } from '~/components/ui/IntentButton';
import { providerLabel } from '~/lib/storage-name';
import { storageHref, type StorageItem, type StorageTestOutcome } from './view';
import { Quota } from '~/components/ui/Quota';
import { TestResultPanel } from './TestResultPanel';

function Detail({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs font-medium text-subtle">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

/**
 * One storage config: what it is and where it points, its quota, and its actions (test, edit,
 * set default, delete). The result of its last test opens inside the card.
 */
export function StorageCard({
  config,
  active,
  test,
  testError,
  origin,
}: {
  config: StorageItem;
  /** Being edited or deleted. */
  active: boolean;
  test?: StorageTestOutcome;
  testError?: string;
  origin: string;
}) {
  const { t } = useTranslation();
  const s3 = config.storageType === 's3';
  const headingId = `config-${config.id}-name`;
  const name = storageDisplayName(t, config.name);
  const deleteLabel = t('storage.list.deleteLabel', { name });
  const deleteText = (
    <>
      <Icon name="trash" className="h-3.5 w-3.5" />
      {t('storage.list.delete')}
    </>
  );
  return (
    <article
      id={`config-${config.id}`}
      aria-labelledby={headingId}
      aria-current={active ? 'true' : undefined}
      className="card scroll-mt-24 space-y-4 p-4 aria-[current]:border-brand sm:p-5"
    >
      <header className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-accent">
          <Icon name={config.storageType === 'local' ? 'disk' : 'cloud'} className="h-5 w-5" />
        </span>
        {/* The badges sit beside the name when there is room, under it on phones. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold break-words">
              {name}
            </h2>
            <p className="text-sm text-subtle">
              {s3
                ? t('storage.list.s3Type', { provider: t(providerLabel(config.providerType)) })
                : t(`storage.list.${config.storageType}Type`)}
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {config.isDefault && <Badge>{t('storage.list.default')}</Badge>}
            {config.isPublic ? (
              <Badge tone="neutral">{t('storage.list.public')}</Badge>
            ) : (
              <Badge tone="neutral">{t('storage.list.private')}</Badge>
            )}
            {!config.hasCredentials && <Badge tone="danger">{t('storage.list.noCredentials')}</Badge>}
          </div>
        </div>
      </header>

      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {s3 ? (
          <>
            <Detail label={t('storage.list.endpoint')}>
              <span className="font-mono text-[0.8125rem] break-all">{config.endpointUrl}</span>
            </Detail>
            <Detail label={t('storage.list.bucket')}>
              <span className="font-mono text-[0.8125rem] break-all">{config.bucketName}</span>
              {config.region && <span className="text-subtle"> · {config.region}</span>}
              {config.pathStyle && <span className="text-subtle"> · {t('storage.list.pathStyle')}</span>}
            </Detail>
            {config.defaultFolder && (
              <Detail label={t('storage.list.defaultFolder')}>
                <span className="font-mono text-[0.8125rem] break-all">{config.defaultFolder}</span>
              </Detail>
            )}
            {config.customHost && (
              <Detail label={t('storage.list.customHost')}>
                <span className="font-mono text-[0.8125rem] break-all">{config.customHost}</span>
              </Detail>
            )}
          </>
        ) : config.storageType === 'local' ? (
          <Detail label={t('storage.list.location')} wide>
            {t('storage.list.localLocation')}
          </Detail>
        ) : (
          <>
            <Detail label={t('storage.list.server')}>
              <span className="font-mono text-[0.8125rem] break-all">{config.endpointUrl}</span>
            </Detail>
            <Detail label={t('storage.list.rootFolder')}>
              <span className="font-mono text-[0.8125rem] break-all">{config.rootFolder}</span>
            </Detail>
            {config.hostKeyFingerprint && (
              <Detail label={t('storage.list.hostKey')} wide>
                <span className="font-mono text-[0.8125rem] break-all">{config.hostKeyFingerprint}</span>
              </Detail>
            )}
          </>
        )}
        <Detail label={t('storage.list.quota')}>
          <Quota used={config.usedBytes} total={config.totalStorageBytes} />
        </Detail>
        <Detail label={t('storage.list.lastUsed')}>
          {config.lastUsedAt ? (
            <DateTime iso={config.lastUsedAt} />
          ) : (
            <span className="text-subtle">{t('storage.list.neverTested')}</span>
          )}
        </Detail>
      </dl>

      <div className="flex flex-wrap items-center gap-2 border-t border-line pt-4">
        <IntentButton
          action={storageHref()}
          intent="test"
          id={config.id}
          icon="play"
          label={t('storage.list.test')}
          busyLabel={t('storage.list.testing')}
          ariaLabel={`${t('storage.list.test')}: ${name}`}
          className="border-brand/40 text-accent"
        />
        <Link
          to={storageHref({ edit: config.id }, '#storage-form')}
          className="btn px-3 py-1.5 text-xs"
          aria-label={t('storage.list.editLabel', { name })}
        >
          <Icon name="edit" className="h-3.5 w-3.5" />
          {t('storage.list.edit')}
        </Link>
        {!config.isDefault && (
          <IntentButton
            action={storageHref()}
            intent="set-default"
            id={config.id}
            icon="star"
            label={t('storage.list.setDefault')}
            busyLabel={t('storage.list.settingDefault')}
            ariaLabel={`${t('storage.list.setDefault')}: ${name}`}
          />
        )}
        {config.isDefault ? (
          // Uploads without a choice go to the default: another storage takes that role first.
          <span className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <span id={`default-delete-${config.id}`} className="text-xs text-subtle">
              {t('storage.list.defaultNoDelete')}
            </span>
            <button
              type="button"
              disabled
              className="btn px-3 py-1.5 text-xs text-danger"
              aria-label={deleteLabel}
              aria-describedby={`default-delete-${config.id}`}
            >
              {deleteText}
            </button>
          </span>
        ) : (
          <Link
            to={storageHref({ delete: config.id }, '#delete-storage')}
            className="btn ml-auto px-3 py-1.5 text-xs text-danger"
            aria-label={deleteLabel}
          >
            {deleteText}
          </Link>
        )}
      </div>

      {testError && <FormAlert>{testError}</FormAlert>}
      {test && <TestResultPanel config={config} outcome={test} origin={origin} closeTo={storageHref()} />}
    </article>
  );
}
