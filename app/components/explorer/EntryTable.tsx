import { Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { DateTime } from '~/components/ui/DateTime';
import { explorerHref, sortQueryOf, type ExplorerEntry, type ExplorerPrefs, type ExplorerSort } from '~/lib/explorer';
import { formatBytes } from '~/lib/format';
import { EntryIcon, type EntryParts } from './entry-parts';
import type { WindowList } from './use-window-list';

/**
 * A column header that sorts by its key (issue 28 A4): a link, so it works without JavaScript;
 * the current key flips its order. `aria-sort` tells screen readers which column sorts and how.
 */
function SortHeader({
  sort,
  prefs,
  dir,
  className,
  children,
}: {
  sort: ExplorerSort;
  prefs: ExplorerPrefs;
  dir: string;
  className: string;
  children: string;
}) {
  const { t } = useTranslation();
  const current = prefs.sort === sort;
  return (
    <th
      scope="col"
      className={`font-medium ${className}`}
      aria-sort={current ? (prefs.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <Link
        to={`${explorerHref(dir)}${sortQueryOf(prefs, sort)}`}
        preventScrollReset
        className="inline-flex items-center gap-1 hover:text-ink"
        aria-label={t('explorer.list.sortBy', { column: children })}
      >
        {children}
        {current && <span aria-hidden="true">{prefs.order === 'asc' ? '▲' : '▼'}</span>}
      </Link>
    </th>
  );
}

/**
 * The list view: a table of the entries. With a window (JavaScript), only the rows on screen are
 * rendered between two spacer rows that keep the table's full height.
 */
export function EntryTable({
  entries,
  dir,
  prefs,
  selectable,
  parts,
  window,
}: {
  entries: ExplorerEntry[];
  dir: string;
  prefs: ExplorerPrefs;
  selectable: boolean;
  parts: EntryParts;
  window: WindowList | null;
}) {
  const { t } = useTranslation();
  // A spacer row has the rows' own cells: a fixed table's columns come from its cells, and a
  // phone hides two of them.
  const spacer = (height: number, key: string) =>
    height > 0 ? (
      <tr key={key} aria-hidden="true">
        {selectable && <td className="p-0" />}
        <td className="p-0" style={{ height }} />
        <td className="hidden p-0 sm:table-cell" />
        <td className="hidden p-0 md:table-cell" />
        <td className="p-0" />
      </tr>
    ) : null;
  // The rendered rows, with spacer rows for the ones that are not: before, after, and between
  // the rows on screen and the focused one kept rendered far from them.
  const windowed = ({ items, margin, total }: WindowList) => {
    const rows: React.ReactNode[] = [];
    let end = margin;
    for (const item of items) {
      rows.push(spacer(item.start - end, `before-${item.index}`), row(entries[item.index]!, item.index));
      end = item.end;
    }
    rows.push(spacer(margin + total - end, 'end'));
    return rows;
  };
  const row = (entry: ExplorerEntry, index: number) => (
    <tr
      key={entry.path}
      {...parts.behaviour(entry, index)}
      ref={window?.measure}
      className="hover:bg-muted/50 data-[drop-target]:bg-brand-soft"
    >
      {selectable && <td className="px-3 py-2">{parts.checkbox(entry)}</td>}
      <td className="px-3 py-2">
        <div className="flex min-w-0 items-center gap-2">
          {parts.nameLink(
            entry,
            'flex min-h-11 min-w-0 items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-brand sm:min-h-0',
            <>
              <EntryIcon
                entry={entry}
                className={`h-5 w-5 shrink-0 ${entry.isDirectory ? 'text-accent' : 'text-subtle'}`}
              />
              <span className="min-w-0">
                <span className="block truncate">{entry.name}</span>
                {/* On a phone the size and date columns are hidden: they sit under the name (not
                  part of the link's name, which stays the entry's). */}
                {!entry.isMount && (
                  <span aria-hidden="true" className="block truncate text-xs text-subtle sm:hidden">
                    {entry.isDirectory && !entry.size ? '—' : formatBytes(entry.size)}
                    {entry.modified && (
                      <>
                        {' · '}
                        <DateTime iso={entry.modified} />
                      </>
                    )}
                  </span>
                )}
              </span>
            </>,
          )}
          {parts.badge(entry)}
        </div>
      </td>
      <td className="hidden px-3 py-2 text-right text-subtle tabular-nums sm:table-cell">
        {entry.isMount || (entry.isDirectory && !entry.size) ? '—' : formatBytes(entry.size)}
      </td>
      <td className="hidden px-3 py-2 text-subtle md:table-cell">
        {entry.modified ? <DateTime iso={entry.modified} /> : '—'}
      </td>
      <td className="px-1 py-2 text-right sm:px-3">{parts.menu(entry)}</td>
    </tr>
  );

  return (
    <table className="w-full table-fixed text-sm">
      <thead className="border-b border-line text-left text-xs text-subtle">
        <tr>
          {selectable && (
            <th scope="col" className="w-10 px-3 py-2">
              <span className="sr-only">{t('explorer.list.selectAll')}</span>
            </th>
          )}
          <SortHeader sort="name" prefs={prefs} dir={dir} className="px-3 py-2">
            {t('explorer.list.name')}
          </SortHeader>
          <SortHeader sort="size" prefs={prefs} dir={dir} className="hidden w-28 px-3 py-2 text-right sm:table-cell">
            {t('explorer.list.size')}
          </SortHeader>
          <SortHeader sort="date" prefs={prefs} dir={dir} className="hidden w-48 px-3 py-2 md:table-cell">
            {t('explorer.list.modified')}
          </SortHeader>
          <th scope="col" className="w-14 px-1 py-2 sm:px-3">
            <span className="sr-only">{t('explorer.list.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody
        ref={window?.holder}
        onFocus={window?.onFocus}
        // No scroll anchoring: the browser would hold a row in place as the spacers change, scroll
        // on, and the window would follow without end.
        className={`divide-y divide-line ${window ? '[overflow-anchor:none]' : ''}`}
      >
        {window ? windowed(window) : entries.map(row)}
      </tbody>
    </table>
  );
}
