import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { explorerHref, type ExplorerEntry } from '~/lib/explorer';
import { formNameOf, type ExplorerCan } from './entry-actions';
import type { ListHandle } from './EntryList';
import type { Selection } from './use-selection';

/** The place in the folder of the entry holding the focus, if any. */
function focusedIndex(): number | null {
  const at = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-index]')?.dataset.index;
  return at === undefined ? null : Number(at);
}

/**
 * The listing's keyboard (docs/product/spec.md §2): arrows move between entries (a row at a time
 * in a grid), Enter opens (the entry is a link), Delete asks to delete the selection or the
 * focused entry, F2 renames, Space ticks the focused entry, Ctrl/Cmd+A selects everything,
 * Backspace goes up a folder, and the menu key or Shift+F10 opens the context menu. It moves by
 * the entries' places in the folder, not by what is rendered: a big folder renders only what is on
 * screen (issue 46), and End still reaches its last entry.
 */
export function useExplorerKeys({
  dir,
  entries,
  can,
  list,
  selection,
  onMenu,
}: {
  dir: string;
  entries: ExplorerEntry[];
  can: ExplorerCan;
  list: React.RefObject<ListHandle | null>;
  selection: Selection;
  onMenu: (entry: ExplorerEntry, x: number, y: number) => void;
}) {
  const navigate = useNavigate();
  return useCallback(
    (event: React.KeyboardEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      if (target.closest('input:not([type="checkbox"]), textarea, select, details[open] > div')) return;
      const at = focusedIndex();
      const entry = at === null ? undefined : entries[at];
      const columns = list.current?.columns ?? 1;
      const grid = columns > 1;
      const step = event.key === 'ArrowDown' || event.key === 'ArrowUp' ? columns : 1;
      const move = (delta: number) => {
        event.preventDefault();
        const next = at === null ? 0 : Math.min(entries.length - 1, Math.max(0, at + delta));
        list.current?.focusAt(next);
      };
      switch (event.key) {
        case 'ArrowDown':
          return move(step);
        case 'ArrowUp':
          return move(-step);
        case 'ArrowRight':
          return grid ? move(1) : undefined;
        case 'ArrowLeft':
          return grid ? move(-1) : undefined;
        case 'Home':
          return move(-entries.length);
        case 'End':
          return move(entries.length);
        case 'Delete': {
          if (!can.remove) return;
          const names = selection.count ? selection.names : entry && !entry.isMount ? [formNameOf(entry)] : [];
          if (!names.length) return;
          event.preventDefault();
          return navigate(explorerHref(dir, { do: 'delete', name: names }));
        }
        case ' ': {
          // Space ticks the focused entry's box (on the box itself the browser does it).
          if (target.matches('input[type="checkbox"]') || !entry || entry.isMount || !can.remove) return;
          event.preventDefault();
          const name = formNameOf(entry);
          return selection.toggle(name, !selection.selected.has(name), event.shiftKey);
        }
        case 'Backspace': {
          // Up one folder, as file managers do.
          if (dir === '/') return;
          event.preventDefault();
          return navigate(explorerHref(dir.slice(0, dir.lastIndexOf('/')) || '/'));
        }
        case 'F2':
          if (!can.rename || !entry || entry.isMount) return;
          event.preventDefault();
          return navigate(explorerHref(dir, { do: 'rename', name: formNameOf(entry) }));
        case 'ContextMenu':
        case 'F10': {
          if (event.key === 'F10' && !event.shiftKey) return;
          const current = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
          if (!entry || !current) return;
          event.preventDefault();
          const rect = current.getBoundingClientRect();
          return onMenu(entry, rect.left + 16, rect.top + rect.height / 2);
        }
        default:
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
            if (!selection.total) return;
            event.preventDefault();
            selection.setAll(selection.count < selection.total);
          }
      }
    },
    [dir, entries, can, list, selection, onMenu, navigate],
  );
}
