import { defaultRangeExtractor, useWindowVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Rows rendered beyond the screen's edges, each way (cards: rows of `lanes`, which are heavier). */
const OVERSCAN = 6;

/**
 * Cards measured after they render must not scroll the page: in columns, every card's correction
 * is added up once per column, and the page jumped far down when the grid opened.
 */
function keepScrollOfCards(virtualizer: Virtualizer<Window, Element>, lanes: number) {
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = lanes > 1 ? () => false : undefined;
}

/**
 * The listing's window over a folder's entries (issue 46; docs/architecture.md §7): only the rows
 * on screen (and a few beyond) are in the page, whatever the folder's size, scrolled with the page
 * itself. `lanes` lays cards out in columns (a grid, or the gallery's masonry: each card goes to the
 * shortest column). The focused entry stays rendered when it scrolls away, so the keyboard and
 * screen readers never lose it; `focusAt` scrolls to any entry and focuses its link.
 */
export function useWindowList({
  count,
  lanes,
  estimate,
  gap,
  enabled,
}: {
  count: number;
  lanes: number;
  /** A row's (or card's) height before it is measured, in pixels. */
  estimate: number;
  /** Pixels between the cards of a column. */
  gap: number;
  enabled: boolean;
}) {
  const list = useRef<HTMLElement | null>(null);
  const focused = useRef<number | null>(null);
  // Where the listing starts on the page: panels above it open and close, which resizes the page.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      if (list.current) setMargin(Math.round(list.current.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, [enabled]);
  const holder = useCallback((element: HTMLElement | null) => void (list.current = element), []);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const keep = focused.current;
    if (keep === null || keep >= range.count || indexes.includes(keep)) return indexes;
    return [...indexes, keep].sort((a, b) => a - b);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimate,
    overscan: lanes > 1 ? 2 : OVERSCAN,
    scrollMargin: margin,
    lanes,
    gap,
    enabled,
    rangeExtractor,
  });
  useLayoutEffect(() => keepScrollOfCards(virtualizer, lanes), [virtualizer, lanes]);

  /** Scrolls entry `index` into view and focuses its link once it is rendered. */
  const focusAt = useCallback(
    (index: number) => {
      focused.current = index;
      // One scroll to the entry's measured (or estimated) place; the browser does the rest.
      const offset = virtualizer.getOffsetForIndex(index, 'auto')?.[0];
      if (offset !== undefined) window.scrollTo(0, offset);
      let tries = 0;
      const attempt = () => {
        const link = list.current?.querySelector<HTMLElement>(`[data-index="${index}"] [data-entry-link]`);
        if (link) link.focus();
        else if (++tries < 30) requestAnimationFrame(attempt);
      };
      attempt();
    },
    [virtualizer],
  );

  /** On the listing: remembers which entry holds the focus. */
  const onFocus = useCallback((event: React.FocusEvent<HTMLElement>) => {
    const at = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index;
    focused.current = at === undefined ? null : Number(at);
  }, []);

  const items = virtualizer.getVirtualItems();
  return {
    /** The element holding the rendered entries. */
    holder,
    items,
    /** The height of every entry, rendered or not. */
    total: virtualizer.getTotalSize(),
    /** Where the listing starts on the page: the entries' `start` counts from the page's top. */
    margin,
    measure: virtualizer.measureElement,
    focusAt,
    onFocus,
  };
}

export type WindowList = ReturnType<typeof useWindowList>;
