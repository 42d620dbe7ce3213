import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { explorerHref, type ExplorerEntry } from '~/lib/explorer';
import { formNameOf, type ExplorerCan } from './entry-actions';

const LINK = '[data-entry-link]';

/** The entry element holding the focus, if any. */
function focusedEntry(): HTMLElement | null {
  return (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-entry-path]') ?? null;
}

/** Entries per row of a grid: those on the first one's line. */
function columnsOf(links: HTMLElement[]): number {
  const top = links[0]?.getBoundingClientRect().top;
  const count = links.filter((l) => l.getBoundingClientRect().top === top).length;
  return Math.max(1, count);
}

/**
 * The listing's keyboard (docs/product/spec.md §2): arrows move between entries (a row at a time
 * in a grid), Enter opens (the entry is a link), Delete asks to delete the selection or the
 * focused entry, F2 renames, Space ticks the focused entry, Ctrl/Cmd+A selects everything,
 * Backspace goes up a folder, and the menu key or Shift+F10 opens the context menu.
 */
export function useExplorerKeys({
  dir,
  entries,
  can,
  grid,
  onMenu,
  onSelection,
}: {
  dir: string;
  entries: ExplorerEntry[];
  can: ExplorerCan;
  grid: boolean;
  onMenu: (entry: ExplorerEntry, x: number, y: number) => void;
  /** The boxes were ticked or cleared by a key: the selection counts them again. */
  onSelection: () => void;
}) {
  const navigate = useNavigate();
  return useCallback(
    (event: React.KeyboardEvent<HTMLElement>) => {
      const container = event.currentTarget;
      const target = event.target as HTMLElement;
      if (target.closest('input:not([type="checkbox"]), textarea, select, details[open] > div')) return;
      const links = [...container.querySelectorAll<HTMLElement>(LINK)];
      const current = focusedEntry();
      const entry = entries.find((e) => e.path === current?.dataset.entryPath);
      const at = current ? links.findIndex((l) => current.contains(l)) : -1;
      const step = grid && (event.key === 'ArrowDown' || event.key === 'ArrowUp') ? columnsOf(links) : 1;
      const move = (delta: number) => {
        event.preventDefault();
        const next = at < 0 ? 0 : Math.min(links.length - 1, Math.max(0, at + delta));
        links[next]?.focus();
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
          return move(-links.length);
        case 'End':
          return move(links.length);
        case 'Delete': {
          if (!can.remove) return;
          const checked = [
            ...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="name"]:checked'),
          ];
          const names = checked.length
            ? checked.map((c) => c.value)
            : entry && !entry.isMount
              ? [formNameOf(entry)]
              : [];
          if (!names.length) return;
          event.preventDefault();
          return navigate(explorerHref(dir, { do: 'delete', name: names }));
        }
        case ' ': {
          // Space ticks the focused entry's box (on the box itself the browser does it).
          if (target.matches('input[type="checkbox"]') || !current) return;
          const box = current.querySelector<HTMLInputElement>('input[type="checkbox"][name="name"]');
          if (!box) return;
          event.preventDefault();
          box.checked = !box.checked;
          return onSelection();
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
          if (!entry || !current) return;
          event.preventDefault();
          const rect = current.getBoundingClientRect();
          return onMenu(entry, rect.left + 16, rect.top + rect.height / 2);
        }
        default:
          if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
            const boxes = [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="name"]')];
            if (!boxes.length) return;
            event.preventDefault();
            const all = boxes.every((b) => b.checked);
            for (const box of boxes) box.checked = !all;
            onSelection();
          }
      }
    },
    [dir, entries, can, grid, onMenu, onSelection, navigate],
  );
}
