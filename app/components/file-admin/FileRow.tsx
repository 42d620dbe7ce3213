import { SealedBadge } from '~/components/ui/sealed-page';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Badge } from '~/components/keys/Badge';
import { DateTime } from '~/components/ui/DateTime';
import { formatBytes } from '~/lib/format';
import { FOLDER_MIMETYPE } from '~/lib/mime';
import { Icon, type IconName } from '~/components/ui/Icon';
import { fileHref, listHref, previewKind, type FileItem, type ListState } from './view';
import { storageDisplayName } from '~/lib/storage-name';

const KIND_ICON: Record<ReturnType<typeof previewKind>, IconName> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  pdf: 'pdf',
  text: 'text',
  none: 'file',
};

function CreatorName({ item }: { item: FileItem }) {
  const { t } = useTranslation();
  if (item.creator.kind === 'admin') return <>{t('fileAdmin.list.adminCreator')}</>;
  if (item.creator.kind === 'key') {
    return item.creator.name ? (
      <span className="break-all">{item.creator.name}</span>
    ) : (
      <span className="italic">{t('fileAdmin.list.deletedKey')}</span>
    );
  }
  return <>{t('fileAdmin.list.unknownCreator')}</>;
}
/** The image thumbnail (made on the server, cached), or an icon for the kind of file. */
function Thumb({ item }: { item: FileItem }) {
  const { t } = useTranslation();
  return (
    <span className="flex h-12 w-12 items-center justify-center overflow-hidden rounded-lg border border-line bg-muted text-subtle">
      {item.thumbnail ? (
        <img
          src={item.thumbnail}
          alt={t('fileAdmin.list.thumbnail', { name: item.filename })}
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <Icon name={KIND_ICON[previewKind(item.mimetype)]} className="h-5 w-5" />
      )}
    </span>
  );
}

const action = 'btn px-3 py-1.5 text-xs xl:h-8 xl:w-8 xl:p-0';
const cell = 'xl:table-cell xl:px-3 xl:py-3 xl:align-top';

/**
 * One file: a table row from xl up, a card below it (the same cells; the grid puts the checkbox
 * and thumbnail beside the name, the details and actions underneath).
 */
export function FileRow({
  item,
  state,
  previewing,
  editing,
}: {
  item: FileItem;
  state: ListState;
  previewing: boolean;
  editing: boolean;
}) {
  const { t } = useTranslation();
  const name = item.filename;
  return (
    <tr
      id={`file-${item.id}`}
      aria-current={previewing || editing ? 'true' : undefined}
      className="grid scroll-mt-24 grid-cols-[1.75rem_3rem_minmax(0,1fr)] gap-x-3 gap-y-3 rounded-xl border border-line bg-raised p-4 aria-[current]:border-brand xl:table-row xl:rounded-none xl:border-0 xl:bg-transparent xl:p-0 xl:aria-[current]:bg-brand-soft/40"
    >
      <td className="pt-3 xl:table-cell xl:w-10 xl:py-4 xl:pr-0 xl:pl-4 xl:align-top">
        <input
          type="checkbox"
          name="ids"
          value={item.id}
          aria-label={t('fileAdmin.list.selectOne', { name })}
          className="h-5 w-5 cursor-pointer accent-brand xl:h-4 xl:w-4"
        />
      </td>
      <td className={`${cell} xl:w-16 xl:pr-0`}>
        <Thumb item={item} />
      </td>
      <td className={`min-w-0 ${cell}`}>
        <Link
          to={fileHref(item.slug)}
          className="link font-semibold break-all"
          aria-label={t('fileAdmin.list.open', { name })}
        >
          {name}
        </Link>
        {item.encrypted && (
          <span className="ml-2 align-middle">
            <SealedBadge subject="file" />
          </span>
        )}
        {item.remark && (
          <p className="mt-0.5 text-sm break-words">
            <span className="sr-only">{t('fileAdmin.list.remark')}: </span>
            {item.remark}
          </p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-subtle">
          <span className="font-mono break-all">/file/{item.slug}</span>
          <span aria-hidden="true">·</span>
          {item.mimetype === FOLDER_MIMETYPE ? (
            // A folder share (issue 30) has no size or type of its own.
            <span>{t('fileAdmin.list.folderShare')}</span>
          ) : (
            <>
              <span className="whitespace-nowrap">{formatBytes(item.size)}</span>
              <span aria-hidden="true">·</span>
              <span className="break-all">{item.mimetype}</span>
            </>
          )}
        </p>
      </td>
      <td className={`col-span-3 xl:col-span-1 ${cell} text-xs`}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1.5 xl:block xl:space-y-1.5">
          <li className="flex items-center gap-1.5" title={t('fileAdmin.list.storage')}>
            <Icon name="storage" className="h-3.5 w-3.5 text-subtle" />
            <span className="sr-only">{t('fileAdmin.list.storage')}: </span>
            <span className="break-all">{storageDisplayName(t, item.storageName)}</span>
          </li>
          <li className="flex items-center gap-1.5">
            {item.hasPassword ? (
              <>
                <Icon name="lock" className="h-3.5 w-3.5 text-accent" />
                <span className="font-medium">{t('fileAdmin.list.passwordYes')}</span>
              </>
            ) : (
              <>
                <Icon name="lock" className="h-3.5 w-3.5 text-subtle opacity-50" />
                <span className="text-subtle">{t('fileAdmin.list.passwordNo')}</span>
              </>
            )}
          </li>
          <li className="flex items-center gap-1.5 whitespace-nowrap">
            <Icon name="views" className="h-3.5 w-3.5 text-subtle" />
            {item.maxViews
              ? t('fileAdmin.list.viewsOf', { views: item.views, max: item.maxViews, count: item.maxViews })
              : t('fileAdmin.list.viewsUnlimited', { views: item.views, count: item.views })}
          </li>
          <li className="flex flex-wrap items-center gap-1.5">
            <Icon name="clock" className="h-3.5 w-3.5 text-subtle" />
            {item.expiresAt ? (
              <>
                <span className="sr-only">{t('fileAdmin.list.expires')}: </span>
                <DateTime iso={item.expiresAt} />
              </>
            ) : (
              <span className="text-subtle">{t('fileAdmin.list.never')}</span>
            )}
            {item.expired && <Badge tone="danger">{t('fileAdmin.list.expired')}</Badge>}
            {item.targetGone && <Badge tone="danger">{t('fileAdmin.list.targetGone')}</Badge>}
          </li>
        </ul>
      </td>
      <td className={`col-span-3 xl:col-span-1 ${cell} text-xs`}>
        <p className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 xl:block">
          <span className="sr-only">{t('fileAdmin.list.creator')}: </span>
          <span className="font-medium">
            <CreatorName item={item} />
          </span>
          <span aria-hidden="true" className="xl:hidden">
            ·
          </span>
          <span className="text-subtle xl:mt-1 xl:block">
            <span className="sr-only">{t('fileAdmin.list.created')}: </span>
            <DateTime iso={item.createdAt} />
          </span>
        </p>
      </td>
      <td className="col-span-3 border-t border-line pt-3 xl:table-cell xl:border-0 xl:px-3 xl:py-3 xl:pr-4 xl:align-top">
        <div className="flex flex-wrap justify-end gap-2 xl:flex-nowrap">
          <Link
            id={`preview-link-${item.id}`}
            to={
              previewing
                ? listHref(state, {}, `#file-${item.id}`)
                : listHref(state, { preview: item.id }, '#file-preview')
            }
            className={`${action} aria-expanded:bg-brand-soft aria-expanded:text-accent`}
            aria-label={previewing ? t('fileAdmin.preview.close') : t('fileAdmin.list.previewLabel', { name })}
            aria-expanded={previewing}
            aria-controls={previewing ? 'file-preview' : undefined}
            title={previewing ? t('fileAdmin.preview.close') : t('fileAdmin.list.preview')}
          >
            <Icon name="eye" />
            <span className="xl:sr-only">{t('fileAdmin.list.preview')}</span>
          </Link>
          <Link
            to={listHref(state, { edit: item.id }, '#file-edit')}
            className={action}
            aria-label={t('fileAdmin.list.editLabel', { name })}
            title={t('fileAdmin.list.edit')}
          >
            <Icon name="edit" />
            <span className="xl:sr-only">{t('fileAdmin.list.edit')}</span>
          </Link>
          <button
            type="submit"
            name="only"
            value={item.id}
            className={`${action} text-danger`}
            aria-label={t('fileAdmin.list.deleteLabel', { name })}
            title={t('fileAdmin.list.delete')}
          >
            <Icon name="trash" />
            <span className="xl:sr-only">{t('fileAdmin.list.delete')}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}
