import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { DateTime } from '~/components/ui/DateTime';
import { Icon, iconForType } from '~/components/ui/Icon';
import {
  explorerHref,
  fsDownloadHref,
  isImage,
  sortQueryOf,
  type ExplorerEntry,
  type ExplorerPrefs,
  type ExplorerSort,
} from '~/lib/explorer';
import { formatBytes } from '~/lib/format';
import { entryActions, formNameOf, type ExplorerCan } from './entry-actions';
import { EntryMenu } from './EntryMenu';
import { useLongPress } from './use-long-press';

/** The drag type of an entry moved onto a folder (its form name). */
export const ENTRY_DRAG_TYPE = 'application/x-cloudclip-entry';

export interface EntryHandlers {
  /** Right click or long press: the context menu at (x, y). */
  onMenu(entry: ExplorerEntry, x: number, y: number): void;
  /** An entry dropped onto a folder. */
  onMove(name: string, into: ExplorerEntry): void;
  /** Puts an entry into the download basket (with JavaScript only). */
  onBasket?(entry: ExplorerEntry): void;
}

function EntryIcon({ entry, className }: { entry: ExplorerEntry; className: string }) {
  return (
    <Icon
      name={entry.isMount ? 'storage' : entry.isDirectory ? 'folder' : iconForType(entry.mimetype)}
      className={className}
    />
  );
}

/** Where the entry's name leads: into a folder, or the file's preview. */
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

const openHref = (entry: ExplorerEntry, dir: string, can: ExplorerCan) => entryActions(entry, dir, can)[0]!.href;

/**
 * One folder's entries as a list (a table), a grid of cards or a gallery of images. Every entry
 * is a link (open or preview), a selection box (the selection form asks to delete them) and a
 * menu of its actions. With JavaScript: a context menu on right click and long press, and entries
 * dragged onto a folder move into it.
 */
export function EntryList({
  entries,
  dir,
  can,
  prefs,
  hydrated,
  ticked,
  handlers,
}: {
  entries: ExplorerEntry[];
  dir: string;
  can: ExplorerCan;
  prefs: ExplorerPrefs;
  hydrated: boolean;
  /** Form names ticked when the page opens: what an open panel acts on. */
  ticked: ReadonlySet<string>;
  handlers: EntryHandlers;
}) {
  const { t } = useTranslation();
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const longPress = useLongPress((x, y, target) => {
    const entry = entries.find((e) => e.path === target.dataset.entryPath);
    if (entry) handlers.onMenu(entry, x, y);
  });
  const selectable = can.remove;
  // One listener for every row menu: a pointer going down outside an open one closes it.
  useEffect(() => {
    const away = (event: Event) => {
      for (const open of document.querySelectorAll<HTMLDetailsElement>('details[data-entry-menu][open]'))
        if (!open.contains(event.target as Node)) open.removeAttribute('open');
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, []);

  /** What every entry element carries: its identity, the menu and drag and drop. */
  const behaviour = (entry: ExplorerEntry) => {
    const movable = hydrated && can.rename && !entry.isMount;
    const target = hydrated && can.rename && entry.isDirectory && !entry.isMount;
    return {
      'data-entry-path': entry.path,
      'data-entry-name': formNameOf(entry),
      onContextMenu: hydrated
        ? (event: React.MouseEvent) => {
            event.preventDefault();
            handlers.onMenu(entry, event.clientX, event.clientY);
          }
        : undefined,
      ...(hydrated ? longPress : {}),
      draggable: movable || undefined,
      onDragStart: movable
        ? (event: React.DragEvent) => {
            event.dataTransfer.setData(ENTRY_DRAG_TYPE, formNameOf(entry));
            event.dataTransfer.effectAllowed = 'move';
          }
        : undefined,
      onDragOver: target
        ? (event: React.DragEvent) => {
            if (!event.dataTransfer.types.includes(ENTRY_DRAG_TYPE)) return;
            event.preventDefault();
            setDropTarget(entry.path);
          }
        : undefined,
      onDragLeave: target ? () => setDropTarget(null) : undefined,
      onDrop: target
        ? (event: React.DragEvent) => {
            const name = event.dataTransfer.getData(ENTRY_DRAG_TYPE);
            setDropTarget(null);
            if (!name || name === formNameOf(entry)) return;
            event.preventDefault();
            event.stopPropagation();
            handlers.onMove(name, entry);
          }
        : undefined,
      'data-drop-target': dropTarget === entry.path || undefined,
    };
  };

  const checkbox = (entry: ExplorerEntry) =>
    selectable && !entry.isMount ? (
      // The label is the touch target: 44 px square on a phone, reaching into the cell's padding.
      <label className="-m-2.5 grid min-h-11 min-w-11 cursor-pointer place-items-center sm:m-0 sm:inline sm:min-h-0 sm:min-w-0">
        <input
          type="checkbox"
          name="name"
          value={formNameOf(entry)}
          defaultChecked={ticked.has(formNameOf(entry))}
          form="explorer-selection"
          aria-label={t('explorer.list.select', { name: entry.name })}
          className="h-4 w-4 accent-brand"
        />
      </label>
    ) : null;

  const nameLink = (entry: ExplorerEntry, className: string, children?: React.ReactNode) => (
    <Link to={openHref(entry, dir, can)} className={className} data-entry-link="" title={entry.name}>
      {children ?? entry.name}
    </Link>
  );

  if (prefs.view === 'list')
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
        <tbody className="divide-y divide-line">
          {entries.map((entry) => (
            <tr key={entry.path} {...behaviour(entry)} className="hover:bg-muted/50 data-[drop-target]:bg-brand-soft">
              {selectable && <td className="px-3 py-2">{checkbox(entry)}</td>}
              <td className="px-3 py-2">
                {nameLink(
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
              </td>
              <td className="hidden px-3 py-2 text-right text-subtle tabular-nums sm:table-cell">
                {entry.isMount || (entry.isDirectory && !entry.size) ? '—' : formatBytes(entry.size)}
              </td>
              <td className="hidden px-3 py-2 text-subtle md:table-cell">
                {entry.modified ? <DateTime iso={entry.modified} /> : '—'}
              </td>
              <td className="px-1 py-2 text-right sm:px-3">
                <EntryMenu name={entry.name} actions={entryActions(entry, dir, can, handlers.onBasket)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );

  const gallery = prefs.view === 'gallery';
  // "Images only" leaves the folders: the gallery is still walked through them (issue 28 A3).
  const shown = gallery && prefs.imagesOnly ? entries.filter((e) => e.isDirectory || isImage(e)) : entries;
  if (shown.length === 0)
    return <p className="px-4 py-10 text-center text-sm text-subtle">{t('explorer.list.noImages')}</p>;
  return (
    <ul
      // The gallery is a masonry of columns: every image at its own aspect ratio, never cropped;
      // at most two columns on a phone.
      className={
        gallery
          ? 'p-3 [column-count:2] sm:[column-count:var(--columns)]'
          : 'grid grid-cols-2 gap-3 p-3 sm:grid-cols-3 lg:grid-cols-5'
      }
      style={gallery ? ({ '--columns': prefs.columns, columnGap: prefs.gapX } as React.CSSProperties) : undefined}
    >
      {shown.map((entry) => (
        <li
          key={entry.path}
          {...behaviour(entry)}
          className={`group relative rounded-lg border border-line bg-raised data-[drop-target]:border-brand data-[drop-target]:bg-brand-soft ${gallery ? 'break-inside-avoid' : ''}`}
          style={gallery ? { marginBottom: prefs.gapY } : undefined}
        >
          {nameLink(
            entry,
            'flex flex-col items-center gap-2 rounded-lg p-2 text-center text-sm focus-visible:outline-2 focus-visible:outline-brand',
            <>
              {isImage(entry) ? (
                <img
                  src={fsDownloadHref(entry.path)}
                  alt=""
                  loading="lazy"
                  className={`w-full rounded bg-muted ${gallery ? 'h-auto min-h-12' : 'aspect-square object-cover'}`}
                />
              ) : (
                <span className="flex aspect-square w-full items-center justify-center rounded bg-muted/60">
                  <EntryIcon
                    entry={entry}
                    className={`h-10 w-10 ${entry.isDirectory ? 'text-accent' : 'text-subtle'}`}
                  />
                </span>
              )}
              <span className="w-full truncate">{entry.name}</span>
            </>,
          )}
          <div className="absolute top-2 left-2">{checkbox(entry)}</div>
          <div className="absolute top-1 right-1">
            <EntryMenu name={entry.name} actions={entryActions(entry, dir, can, handlers.onBasket)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
