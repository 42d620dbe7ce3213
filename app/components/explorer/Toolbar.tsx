import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useLocation } from 'react-router';
import { Icon, type IconName } from '~/components/ui/Icon';
import { explorerHref, SORTS, VIEWS, type ExplorerPrefs } from '~/lib/explorer';

/** A toolbar button: its icon alone on a phone, at least 44 px square there (a touch target). */
const TOOL = 'min-h-11 min-w-11 px-2 py-1.5 sm:min-h-0 sm:min-w-0 sm:px-3';

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
    <div
      className="flex items-center gap-1.5 sm:flex-wrap sm:gap-2"
      role="toolbar"
      aria-label={t('explorer.toolbar.label')}
    >
      {writable && (
        <>
          <Link to={explorerHref(path, { do: 'upload' })} className={`btn btn-primary ${TOOL}`}>
            <Icon name="upload" />
            <span className="sr-only sm:not-sr-only">{t('explorer.toolbar.upload')}</span>
          </Link>
          <Link to={explorerHref(path, { do: 'mkdir' })} className={`btn ${TOOL}`}>
            <Icon name="folder" />
            <span className="sr-only sm:not-sr-only">{t('explorer.toolbar.newFolder')}</span>
          </Link>
        </>
      )}
      <Link to={explorerHref(path)} className={`btn ${TOOL}`}>
        <Icon name="refresh" />
        <span className="sr-only sm:not-sr-only">{t('explorer.toolbar.refresh')}</span>
      </Link>
      <Link to={explorerHref(path, { do: 'search' })} className={`btn ${TOOL}`}>
        <Icon name="search" />
        <span className="sr-only sm:not-sr-only">{t('explorer.toolbar.search')}</span>
      </Link>
      <Link to={explorerHref(path, { do: 'tasks' })} className={`btn ${TOOL}`}>
        <Icon name="tasks" />
        <span className="sr-only sm:not-sr-only">{t('explorer.toolbar.tasks')}</span>
      </Link>
      {/* On a phone the recycle bin is in the settings, so the toolbar stays one row. */}
      <Link
        to={explorerHref(path, { do: 'bin' })}
        className={`btn hidden sm:inline-flex ${TOOL}`}
        aria-label={t('explorer.toolbar.bin')}
        title={t('explorer.toolbar.bin')}
      >
        <Icon name="trash" />
      </Link>
      {basketCount !== null && (
        <Link to={explorerHref(path, { do: 'basket' })} className={`btn ${TOOL}`}>
          <Icon name="basket" />
          <span className="sr-only sm:not-sr-only">{t('explorer.toolbar.basket', { count: basketCount })}</span>
          {basketCount > 0 && (
            <span aria-hidden="true" className="text-xs font-semibold sm:hidden">
              {basketCount}
            </span>
          )}
        </Link>
      )}
      {/* The view and its settings stay together at the right, also when the toolbar wraps, so the
          settings' popup (aligned to their right edge) stays on screen. */}
      <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
        {/* On a phone the view is chosen in the settings, so the toolbar stays one row. */}
        <Form method="post" className="hidden items-center gap-1 sm:flex" aria-label={t('explorer.toolbar.view')}>
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
        <ViewSettings prefs={prefs} back={back} binHref={explorerHref(path, { do: 'bin' })} />
      </div>
    </div>
  );
}

/**
 * The view settings: a disclosure (no script needed) holding the view (on a phone, where the
 * toolbar has no room for its buttons), the sort and the gallery's settings. With JavaScript it
 * closes on Apply, on Escape (focus back on its button) and on a click elsewhere.
 */
function ViewSettings({ prefs, back, binHref }: { prefs: ExplorerPrefs; back: string; binHref: string }) {
  const { t } = useTranslation();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const away = (event: PointerEvent) => {
      if (details.current?.open && !details.current.contains(event.target as Node)) details.current.open = false;
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, []);
  return (
    <details
      ref={details}
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return;
        event.stopPropagation();
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }}
    >
      <summary
        className={`btn cursor-pointer list-none ${TOOL}`}
        aria-label={t('explorer.toolbar.settings')}
        title={t('explorer.toolbar.settings')}
      >
        <Icon name="sliders" />
        <span className="hidden sm:inline">{t('explorer.toolbar.settings')}</span>
      </summary>
      <Form
        // A new form for new preferences: its fields' defaults are the ones in use (a view button changed them).
        key={JSON.stringify(prefs)}
        method="post"
        className="card absolute right-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] space-y-3 p-4 text-sm shadow-lg"
        aria-label={t('explorer.toolbar.settings')}
        onSubmit={() => {
          if (details.current) details.current.open = false;
        }}
      >
        <input type="hidden" name="intent" value="prefs" />
        <input type="hidden" name="back" value={back} />
        <KeepPrefs prefs={prefs} except={['view', 'sort', 'order', 'columns', 'gapX', 'gapY', 'imagesOnly']} />
        <label className="block">
          <span className="field-label">{t('explorer.toolbar.view')}</span>
          <select name="view" defaultValue={prefs.view} className="input">
            {VIEWS.map((view) => (
              <option key={view} value={view}>
                {t(`explorer.toolbar.${view}`)}
              </option>
            ))}
          </select>
        </label>
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
          <input type="checkbox" name="imagesOnly" defaultChecked={prefs.imagesOnly} className="h-4 w-4 accent-brand" />
          {t('explorer.toolbar.imagesOnly')}
        </label>
        <button type="submit" className="btn btn-primary w-full">
          {t('explorer.toolbar.apply')}
        </button>
        <Link to={binHref} className="btn w-full sm:hidden">
          <Icon name="trash" />
          {t('explorer.toolbar.bin')}
        </Link>
      </Form>
    </details>
  );
}
