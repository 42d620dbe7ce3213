import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Badge } from '~/components/keys/Badge';
import { DateTime } from '~/components/ui/DateTime';
import { Icon } from '~/components/ui/Icon';
import { SealedBadge } from '~/components/ui/sealed-page';
import { editHref, listHref, pasteHref, type ListState, type TextItem } from './view';

function CreatorName({ item }: { item: TextItem }) {
  const { t } = useTranslation();
  if (item.creator.kind === 'admin') return <>{t('textAdmin.list.adminCreator')}</>;
  if (item.creator.kind === 'key') {
    return item.creator.name ? (
      <span className="break-all">{item.creator.name}</span>
    ) : (
      <span className="italic">{t('textAdmin.list.deletedKey')}</span>
    );
  }
  return <>{t('textAdmin.list.unknownCreator')}</>;
}

const action = 'btn px-3 py-1.5 text-xs md:h-8 md:w-8 md:p-0';

/**
 * One text: a table row from md up, a card below it (the same cells; the grid places the
 * checkbox beside the content and the actions underneath).
 */
export function TextRow({ item, state, previewing }: { item: TextItem; state: ListState; previewing: boolean }) {
  const { t } = useTranslation();
  const slug = item.slug;
  return (
    <tr
      id={`paste-${item.id}`}
      aria-current={previewing ? 'true' : undefined}
      className="grid scroll-mt-24 grid-cols-[1.75rem_minmax(0,1fr)] gap-x-2 gap-y-3 rounded-xl border border-line bg-raised p-4 aria-[current]:border-brand md:table-row md:rounded-none md:border-0 md:bg-transparent md:p-0 md:aria-[current]:bg-brand-soft/40"
    >
      <td className="md:table-cell md:w-10 md:py-3.5 md:pr-0 md:pl-4 md:align-top">
        <input
          type="checkbox"
          name="ids"
          value={item.id}
          aria-label={t('textAdmin.list.selectOne', { slug })}
          className="mt-0.5 h-5 w-5 cursor-pointer accent-brand md:h-4 md:w-4"
        />
      </td>
      <td className="min-w-0 md:table-cell md:px-3 md:py-3 md:align-top">
        <Link
          to={pasteHref(slug)}
          className="link font-mono text-sm font-semibold break-all"
          aria-label={t('textAdmin.list.open', { slug })}
        >
          {slug}
        </Link>
        {item.remark && (
          <p className="mt-0.5 text-sm break-words">
            <span className="sr-only">{t('textAdmin.list.remark')}: </span>
            {item.remark}
          </p>
        )}
        <p className="mt-1 line-clamp-2 text-xs text-subtle [overflow-wrap:anywhere]">
          <span className="sr-only">{t('textAdmin.list.content')}: </span>
          {item.encrypted ? (
            <SealedBadge />
          ) : (
            item.preview || <span className="italic">{t('textAdmin.list.emptyContent')}</span>
          )}
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-subtle">
          <span className="sr-only">{t('textAdmin.list.creator')}: </span>
          <span className="font-medium text-ink">
            <CreatorName item={item} />
          </span>
          <span aria-hidden="true">·</span>
          <span>{t('textAdmin.list.created')}</span>
          <DateTime iso={item.createdAt} />
        </p>
      </td>
      <td className="col-start-2 md:table-cell md:px-3 md:py-3 md:align-top">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs md:block md:space-y-1.5">
          <li className="flex items-center gap-1.5">
            {item.hasPassword ? (
              <>
                <Icon name="lock" className="h-3.5 w-3.5 text-accent" />
                <span className="font-medium">{t('textAdmin.list.passwordYes')}</span>
              </>
            ) : (
              <>
                <Icon name="lock" className="h-3.5 w-3.5 text-subtle opacity-50" />
                <span className="text-subtle">{t('textAdmin.list.passwordNo')}</span>
              </>
            )}
          </li>
          <li className="flex items-center gap-1.5 whitespace-nowrap">
            <Icon name="views" className="h-3.5 w-3.5 text-subtle" />
            {item.maxViews
              ? t('textAdmin.list.viewsOf', { views: item.views, max: item.maxViews, count: item.maxViews })
              : t('textAdmin.list.viewsUnlimited', { views: item.views, count: item.views })}
          </li>
          <li className="flex flex-wrap items-center gap-1.5">
            <Icon name="clock" className="h-3.5 w-3.5 text-subtle" />
            {item.expiresAt ? (
              <>
                <span className="sr-only">{t('textAdmin.list.expires')}: </span>
                <DateTime iso={item.expiresAt} />
              </>
            ) : (
              <span className="text-subtle">{t('textAdmin.list.never')}</span>
            )}
            {item.expired && <Badge tone="danger">{t('textAdmin.list.expired')}</Badge>}
          </li>
        </ul>
      </td>
      <td className="col-span-2 border-t border-line pt-3 md:table-cell md:border-0 md:px-3 md:py-3 md:pr-4 md:align-top">
        <div className="flex flex-wrap justify-end gap-2 md:flex-nowrap">
          <Link
            id={`preview-link-${item.id}`}
            to={
              previewing
                ? listHref(state, {}, `#paste-${item.id}`)
                : listHref(state, { preview: item.id }, '#text-preview')
            }
            className={`${action} aria-expanded:bg-brand-soft aria-expanded:text-accent`}
            aria-label={previewing ? t('textAdmin.preview.close') : t('textAdmin.list.previewLabel', { slug })}
            aria-expanded={previewing}
            aria-controls={previewing ? 'text-preview' : undefined}
            title={previewing ? t('textAdmin.preview.close') : t('textAdmin.list.preview')}
          >
            <Icon name="eye" />
            <span className="md:sr-only">{t('textAdmin.list.preview')}</span>
          </Link>
          <Link
            to={editHref(slug)}
            className={action}
            aria-label={t('textAdmin.list.editLabel', { slug })}
            title={t('textAdmin.list.edit')}
          >
            <Icon name="edit" />
            <span className="md:sr-only">{t('textAdmin.list.edit')}</span>
          </Link>
          <button
            type="submit"
            name="only"
            value={item.id}
            className={`${action} text-danger dark:text-red-400`}
            aria-label={t('textAdmin.list.deleteLabel', { slug })}
            title={t('textAdmin.list.delete')}
          >
            <Icon name="trash" />
            <span className="md:sr-only">{t('textAdmin.list.delete')}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}
