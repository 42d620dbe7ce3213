import { useCallback, useRef, useState } from 'react';

const BOXES = 'input[type="checkbox"][name="name"]';

/**
 * The listing's selection with JavaScript (issue 28 A1): the entries' own check boxes are the state
 * (they post with the selection form, with or without JavaScript); this counts them, ticks or clears
 * them all, and ticks a range on Shift+click, as file managers do.
 */
export function useSelection() {
  const container = useRef<HTMLDivElement>(null);
  const [counts, setCounts] = useState({ selected: 0, total: 0 });
  const last = useRef<HTMLInputElement | null>(null);
  const boxes = () => [...(container.current?.querySelectorAll<HTMLInputElement>(BOXES) ?? [])];

  /** Counts the ticked boxes again (after the user or code changed them). */
  const sync = useCallback(() => {
    const all = boxes();
    setCounts({ selected: all.filter((b) => b.checked).length, total: all.length });
  }, []);

  const setAll = useCallback(
    (checked: boolean) => {
      for (const box of boxes()) box.checked = checked;
      sync();
    },
    [sync],
  );

  /** Ticks exactly these form names ("a.txt", "docs/"), clearing the rest. */
  const tickOnly = useCallback(
    (names: ReadonlySet<string>) => {
      for (const box of boxes()) box.checked = names.has(box.value);
      sync();
    },
    [sync],
  );

  /** On the listing: a Shift+click ticks (or clears) every box between the last one clicked and this. */
  const onClick = useCallback(
    (event: React.MouseEvent<HTMLElement>) => {
      const box = (event.target as HTMLElement).closest<HTMLInputElement>(BOXES);
      if (!box) return;
      if (event.shiftKey && last.current && last.current !== box) {
        const all = boxes();
        const ends = [all.indexOf(last.current), all.indexOf(box)];
        const from = Math.min(...ends);
        if (from >= 0) for (const other of all.slice(from, Math.max(...ends) + 1)) other.checked = box.checked;
      }
      last.current = box;
      sync();
    },
    [sync],
  );

  return { container, ...counts, sync, setAll, tickOnly, onClick };
}
