import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Icon, iconForType } from '~/components/ui/Icon';
import type { ExplorerEntry } from '~/lib/explorer';
import { entryActions, formNameOf, type ExplorerCan } from './entry-actions';
import { EntryMenu } from './EntryMenu';
import { useLongPress } from './use-long-press';
import type { Selection } from './use-selection';

/** The drag type of an entry moved onto a folder (its form name). */
const ENTRY_DRAG_TYPE = 'application/x-cloudclip-entry';

export interface EntryHandlers {
  /** Right click or long press: the context menu at (x, y). */
  onMenu(entry: ExplorerEntry, x: number, y: number): void;
  /** An entry dropped onto a folder. */
  onMove(name: string, into: ExplorerEntry): void;
  /** Puts an entry into the download basket (with JavaScript only). */
  onBasket?(entry: ExplorerEntry): void;
}

export interface EntryContext {
  entries: ExplorerEntry[];
  dir: string;
  can: ExplorerCan;
  hydrated: boolean;
  selection: Selection;
  handlers: EntryHandlers;
  /** The server draws posters of videos and covers of audio files (it has ffmpeg). */
  posters: boolean;
  /** The entries' names a share link points at (sharedNamesIn). */
  shared: ReadonlySet<string>;
}

export function EntryIcon({ entry, className }: { entry: ExplorerEntry; className: string }) {
  return (
    <Icon
      name={entry.isMount ? 'storage' : entry.isDirectory ? 'folder' : iconForType(entry.mimetype)}
      className={className}
    />
  );
}

/**
 * What the list, the grid and the gallery draw for every entry: its element's behaviour (identity,
 * context menu, long press, drag and drop), its selection box, its name link and its menu.
 */
export function useEntryParts({ entries, dir, can, hydrated, selection, handlers, shared }: EntryContext) {
  const { t } = useTranslation();
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const longPress = useLongPress((x, y, target) => {
    const entry = entries.find((e) => e.path === target.dataset.entryPath);
    if (entry) handlers.onMenu(entry, x, y);
  });
  // One listener for every row menu: a pointer going down outside an open one closes it.
  useEffect(() => {
    const away = (event: Event) => {
      for (const open of document.querySelectorAll<HTMLDetailsElement>('details[data-entry-menu][open]'))
        if (!open.contains(event.target as Node)) open.removeAttribute('open');
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, []);

  /** What every entry element carries: its identity (`data-index`: its place in the folder), the menu, drag and drop. */
  const behaviour = (entry: ExplorerEntry, index: number) => {
    const movable = hydrated && can.rename && !entry.isMount;
    const target = hydrated && can.rename && entry.isDirectory && !entry.isMount;
    return {
      'data-index': index,
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

  /**
   * The entry's selection box. Without JavaScript it posts with the selection form itself; with it,
   * the selection lives in state (rows off screen are not rendered) and the form posts that instead.
   */
  const checkbox = (entry: ExplorerEntry) => {
    if (entry.isMount) return null;
    const name = formNameOf(entry);
    return (
      // The label is the touch target: 44 px square on a phone, reaching into the cell's padding.
      <label className="-m-2.5 grid min-h-11 min-w-11 cursor-pointer place-items-center sm:m-0 sm:inline sm:min-h-0 sm:min-w-0">
        <input
          type="checkbox"
          name={hydrated ? undefined : 'name'}
          value={name}
          form={hydrated ? undefined : 'explorer-selection'}
          checked={selection.selected.has(name)}
          onChange={(event) =>
            selection.toggle(name, event.currentTarget.checked, (event.nativeEvent as MouseEvent).shiftKey)
          }
          aria-label={t('explorer.list.select', { name: entry.name })}
          className="h-4 w-4 accent-brand"
        />
      </label>
    );
  };

  const nameLink = (entry: ExplorerEntry, className: string, children?: React.ReactNode) => (
    <Link to={entryActions(entry, dir, can)[0]!.href} className={className} data-entry-link="" title={entry.name}>
      {children ?? entry.name}
    </Link>
  );

  const menu = (entry: ExplorerEntry) => (
    <EntryMenu name={entry.name} actions={entryActions(entry, dir, can, handlers.onBasket)} />
  );

  // A link points at it (issue 47): said beside its name, in words as well as by the icon.
  const badge = (entry: ExplorerEntry) =>
    shared.has(entry.name) ? (
      <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs text-accent">
        <Icon name="share" className="h-3 w-3" />
        {t('explorer.list.shared')}
      </span>
    ) : null;

  return { behaviour, checkbox, nameLink, menu, badge };
}

export type EntryParts = ReturnType<typeof useEntryParts>;
