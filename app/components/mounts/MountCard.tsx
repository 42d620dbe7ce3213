import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Badge } from '~/components/keys/Badge';
import { DateTime } from '~/components/ui/DateTime';
import { Icon } from '~/components/ui/Icon';
import { IntentButton } from '~/components/ui/IntentButton';
import { explorerHref } from '~/lib/explorer';
import { mountsHref, type MountIndexView, type MountItem } from './view';
import { storageDisplayName } from '~/lib/storage-name';

/** One mount: its path, storage and options, and its actions (open, edit, (de)activate, delete). */
export function MountCard({ mount, active }: { mount: MountItem; active: boolean }) {
  const { t } = useTranslation();
  const headingId = `mount-${mount.id}-name`;
  return (
    <article
      id={`mount-${mount.id}`}
      aria-labelledby={headingId}
      aria-current={active ? 'true' : undefined}
      className={`card scroll-mt-24 space-y-3 p-4 aria-[current]:border-brand sm:p-5 ${mount.isActive ? '' : 'opacity-75'}`}
    >
      <header className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-accent">
          <Icon name={mount.storageType === 'LOCAL' ? 'disk' : 'cloud'} className="h-5 w-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-x-3 gap-y-1.5">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold break-words">
              {mount.name}
            </h2>
            <p className="font-mono text-sm break-all text-subtle">{mount.mountPath}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {mount.isActive ? (
              <Badge>{t('mounts.list.active')}</Badge>
            ) : (
              <Badge tone="neutral">{t('mounts.list.inactive')}</Badge>
            )}
            {mount.webProxy && <Badge tone="neutral">{t('mounts.list.proxy')}</Badge>}
            {mount.enableSign && <Badge tone="neutral">{t('mounts.list.signed')}</Badge>}
          </div>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-subtle">{t('mounts.list.storage')}</dt>
          <dd className="break-words">
            {(mount.storageName && storageDisplayName(t, mount.storageName)) ?? (
              <span className="text-danger">{t('mounts.list.storageMissing')}</span>
            )}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-subtle">{t('mounts.list.rootFolder')}</dt>
          <dd className="font-mono break-all">
            {mount.rootFolder ? `/${mount.rootFolder}` : t('mounts.list.wholeStorage')}
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-subtle">{t('mounts.list.cacheTtl')}</dt>
          <dd>{t('mounts.list.seconds', { count: mount.cacheTtl })}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-subtle">{t('mounts.list.lastUsed')}</dt>
          {/* The date may wrap between day and time: a half-width cell on a phone is narrower than it in Chinese. */}
          <dd className="[&_time]:whitespace-normal">
            {mount.lastUsedAt ? <DateTime iso={mount.lastUsedAt} /> : t('mounts.list.never')}
          </dd>
        </div>
        <div className="col-span-2 min-w-0 sm:col-span-3">
          <dt className="text-xs font-medium text-subtle">{t('mounts.index.heading')}</dt>
          <dd>
            <IndexSummary index={mount.index} />
          </dd>
        </div>
      </dl>
      {mount.remark && <p className="text-sm break-words text-subtle">{mount.remark}</p>}
      <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3">
        {mount.isActive && (
          <Link
            to={explorerHref(mount.mountPath)}
            className="btn px-3 py-1.5 text-xs"
            aria-label={t('mounts.list.openLabel', { path: mount.mountPath })}
          >
            <Icon name="external" className="h-3.5 w-3.5" />
            {t('mounts.list.open')}
          </Link>
        )}
        <Link
          to={mountsHref({ edit: mount.id }, '#mount-form')}
          className="btn px-3 py-1.5 text-xs"
          aria-label={t('mounts.list.editLabel', { name: mount.name })}
        >
          <Icon name="edit" className="h-3.5 w-3.5" />
          {t('mounts.list.edit')}
        </Link>
        {/* A form of its own posting the opposite state. */}
        <IntentButton
          action={mountsHref()}
          intent="toggle"
          id={mount.id}
          fields={{ is_active: mount.isActive ? 'false' : 'true' }}
          label={t(mount.isActive ? 'mounts.list.deactivate' : 'mounts.list.activate')}
          busyLabel={t('mounts.list.toggling')}
        />
        {mount.isActive && mount.index.status !== 'running' && (
          <>
            <IntentButton
              action={mountsHref()}
              intent="index"
              id={mount.id}
              fields={{ mode: 'update' }}
              label={t('mounts.index.update')}
              busyLabel={t('mounts.index.starting')}
              ariaLabel={t('mounts.index.updateLabel', { name: mount.name })}
              icon="refresh"
            />
            <IntentButton
              action={mountsHref()}
              intent="index"
              id={mount.id}
              fields={{ mode: 'rebuild' }}
              label={t('mounts.index.rebuild')}
              busyLabel={t('mounts.index.starting')}
              ariaLabel={t('mounts.index.rebuildLabel', { name: mount.name })}
            />
          </>
        )}
        <Link
          to={mountsHref({ delete: mount.id }, '#delete-mount')}
          className="btn ml-auto px-3 py-1.5 text-xs text-danger"
          aria-label={t('mounts.list.deleteLabel', { name: mount.name })}
        >
          <Icon name="trash" className="h-3.5 w-3.5" />
          {t('mounts.list.delete')}
        </Link>
      </div>
    </article>
  );
}

/** Entries indexed and the last rescan: running (with its count so far), finished, or failed and why. */
function IndexSummary({ index }: { index: MountIndexView }) {
  const { t } = useTranslation();
  if (index.status === 'running')
    return <span role="status">{t('mounts.index.running', { count: index.scanned })}</span>;
  return (
    <span className="flex flex-wrap gap-x-2">
      <span>{t('mounts.index.entries', { count: index.entries })}</span>
      {index.status === 'failed' && (
        <span className="text-danger break-words">{t('mounts.index.failed', { error: index.error ?? '' })}</span>
      )}
      <span className="text-subtle">
        {index.finishedAt ? (
          <>
            {t('mounts.index.lastRun')} <DateTime iso={index.finishedAt} />
          </>
        ) : (
          t('mounts.index.neverRun')
        )}
      </span>
    </span>
  );
}
