import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { Icon, type IconName } from '~/components/ui/Icon';
import { explorerHref, SORTS, VIEWS, type ExplorerPrefs } from '~/lib/explorer';

const VIEW_ICON: Record<ExplorerPrefs['view'], IconName> = { list: 'list', grid: 'grid', gallery: 'gallery' };

/** Hidden copies of the preferences a form does not show, so it posts all of them. */
function KeepPrefs({ prefs, except }: { prefs: ExplorerPrefs; except: (keyof ExplorerPrefs)[] }) {
  return (
    <>
      {Object.entries(prefs)
        .filter(([key]) => !except.includes(key as keyof ExplorerPrefs))
        .map(([key, value]) =>
          typeof value === 'boolean' ? (
            value && <input key={key} type="hidden" name={key} value="on" />
          ) : (
            <input key={key} type="hidden" name={key} value={String(value)} />
          ),
        )}
    </>
  );
}

/**
 * The folder's actions (upload, new folder, refresh) and the view: list, grid or gallery, with the
 * sort and the gallery's settings. The view forms post to the page, which keeps them in a cookie:
 * remembered per browser, with or without JavaScript.
 */
export function Toolbar({
  path,
  prefs,
  writable,
  basketCount,
}: {
  path: string;
  prefs: ExplorerPrefs;
  /** A folder of a mount the principal may upload to. */
  writable: boolean;
  /** Items in the download basket; null before JavaScript runs (the basket lives in the browser). */
  basketCount: number | null;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const back = location.pathname + location.search;
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t('explorer.toolbar.label')}>
      {writable && (
        <>
          <Link to={explorerHref(path, { do: 'upload' })} className="btn btn-primary px-3 py-1.5">
            <Icon name="upload" />
            {t('explorer.toolbar.upload')}
          </Link>
          <Link to={explorerHref(path, { do: 'mkdir' })} className="btn px-3 py-1.5">
            <Icon name="folder" />
            {t('explorer.toolbar.newFolder')}
          </Link>
        </>
      )}
      <Link to={explorerHref(path)} className="btn px-3 py-1.5">
        <Icon name="refresh" />
        {t('explorer.toolbar.refresh')}
      </Link>
      <Link to={explorerHref(path, { do: 'search' })} className="btn px-3 py-1.5">
        <Icon name="search" />
        {t('explorer.toolbar.search')}
      </Link>
      <Link to={explorerHref(path, { do: 'tasks' })} className="btn px-3 py-1.5">
        <Icon name="tasks" />
        {t('explorer.toolbar.tasks')}
      </Link>
      {basketCount !== null && (
        <Link to={explorerHref(path, { do: 'basket' })} className="btn px-3 py-1.5">
          <Icon name="basket" />
          {t('explorer.toolbar.basket', { count: basketCount })}
        </Link>
      )}
      <Form method="post" className="ml-auto flex items-center gap-1" aria-label={t('explorer.toolbar.view')}>
        <input type="hidden" name="intent" value="prefs" />
        <input type="hidden" name="back" value={back} />
        <KeepPrefs prefs={prefs} except={['view']} />
        {VIEWS.map((view) => (
          <button
            key={view}
            type="submit"
            name="view"
            value={view}
            aria-pressed={prefs.view === view}
            className="btn px-2.5 py-1.5 aria-pressed:border-brand aria-pressed:text-accent"
            title={t(`explorer.toolbar.${view}`)}
          >
            <Icon name={VIEW_ICON[view]} />
            <span className="sr-only sm:not-sr-only">{t(`explorer.toolbar.${view}`)}</span>
          </button>
        ))}
      </Form>
      <details className="relative">
        <summary className="btn cursor-pointer list-none px-2.5 py-1.5">{t('explorer.toolbar.settings')}</summary>
        <Form
          method="post"
          className="card absolute right-0 z-20 mt-2 w-72 space-y-3 p-4 text-sm shadow-lg"
          aria-label={t('explorer.toolbar.settings')}
        >
          <input type="hidden" name="intent" value="prefs" />
          <input type="hidden" name="back" value={back} />
          <KeepPrefs prefs={prefs} except={['sort', 'order', 'columns', 'gapX', 'gapY', 'imagesOnly']} />
          <label className="block">
            <span className="field-label">{t('explorer.toolbar.sort')}</span>
            <select name="sort" defaultValue={prefs.sort} className="input">
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`explorer.toolbar.sort${sort[0]!.toUpperCase()}${sort.slice(1)}`)}
                </option>
              ))}
            </select>
          </label>
          {(
            [
              ['columns', 2, 8],
              ['gapX', 0, 48],
              ['gapY', 0, 48],
            ] as const
          ).map(([name, min, max]) => (
            <label key={name} className="block">
              <span className="field-label">{t(`explorer.toolbar.${name}`)}</span>
              <input type="number" name={name} min={min} max={max} defaultValue={prefs[name]} className="input" />
            </label>
          ))}
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="imagesOnly"
              defaultChecked={prefs.imagesOnly}
              className="h-4 w-4 accent-brand"
            />
            {t('explorer.toolbar.imagesOnly')}
          </label>
          <button type="submit" className="btn btn-primary w-full">
            {t('explorer.toolbar.apply')}
          </button>
        </Form>
      </details>
    </div>
  );
}
