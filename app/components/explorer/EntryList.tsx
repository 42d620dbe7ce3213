import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import type { ExplorerPrefs } from '~/lib/explorer';
import { EntryCards } from './EntryCards';
import { useEntryParts, type EntryContext } from './entry-parts';
import { EntryTable } from './EntryTable';
import { useWindowList } from './use-window-list';

/** What the keyboard asks of the listing: focus any entry, and how many cards make a row. */
export interface ListHandle {
  focusAt(index: number): void;
  columns: number;
}

/** Cards per row at this window width: the CSS grid's breakpoints (sm 640 px, lg 1024 px). */
function useColumns(prefs: ExplorerPrefs, enabled: boolean): number {
  const [width, setWidth] = useState(1024);
  useEffect(() => {
    if (!enabled) return;
    const measure = () => setWidth(window.innerWidth);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [enabled]);
  if (prefs.view === 'list') return 1;
  if (prefs.view === 'gallery') return width >= 640 ? prefs.columns : 2;
  return width >= 1024 ? 5 : width >= 640 ? 3 : 2;
}

/**
 * One folder's entries as a list (a table), a grid of cards or a gallery of images. Every entry
 * is a link (open or preview), a selection box and a menu of its actions. With JavaScript, only
 * the entries on screen are rendered (issue 46), whatever the folder's size; a context menu opens
 * on right click and long press, and entries dragged onto a folder move into it.
 */
export function EntryList({
  prefs,
  handle,
  ...context
}: EntryContext & { prefs: ExplorerPrefs; handle: Ref<ListHandle> }) {
  const { entries, hydrated } = context;
  const parts = useEntryParts(context);
  const lanes = useColumns(prefs, hydrated);
  const list = prefs.view === 'list';
  const window = useWindowList({
    count: entries.length,
    lanes,
    estimate: list ? 43 : 240,
    gap: list ? 0 : prefs.view === 'gallery' ? prefs.gapY : 12,
    enabled: hydrated,
  });
  useImperativeHandle(handle, () => ({ focusAt: window.focusAt, columns: lanes }), [window.focusAt, lanes]);
  const windowed = hydrated ? window : null;
  if (list)
    return (
      <EntryTable
        entries={entries}
        dir={context.dir}
        prefs={prefs}
        // Zip, basket, copy and share act on a selection as well as delete: whoever sees the files may
        // select them (a mount's own row is never selected).
        selectable={entries.some((entry) => !entry.isMount)}
        parts={parts}
        window={windowed}
      />
    );
  return (
    <EntryCards
      entries={entries}
      prefs={prefs}
      lanes={lanes}
      parts={parts}
      window={windowed}
      posters={context.posters}
    />
  );
}
