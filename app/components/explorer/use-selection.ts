import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * The listing's selection with JavaScript (issue 28 A1, issue 46): a set of form names ("a.txt",
 * "docs/") held in state, not in the check boxes, because a big folder renders only the rows on
 * screen (docs/architecture.md §7). Select all selects every entry of the folder, and Shift ticks
 * a range by the entries' order, rendered or not. The selection form posts the set as hidden inputs.
 *
 * `selectable` is the folder's selectable form names in the order shown; `initial` is what is
 * ticked when the page opens (what an open panel acts on); `folder` is the folder's path.
 *
 * The set reaches the selection form's submission through its `formdata` event (`postFrom`), not as
 * one hidden input per name: 10,000 form-associated inputs took Chromium seconds to add and remove.
 */
export function useSelection(selectable: readonly string[], initial: ReadonlySet<string>, folder: string) {
  const [state, setState] = useState({ initial, folder, selected: initial });
  // Another folder, or another panel opened: its selection replaces this one.
  const scoped = useCallback(
    (s: typeof state) => (s.initial === initial && s.folder === folder ? s.selected : initial),
    [initial, folder],
  );
  const selected = scoped(state);
  const set = useCallback(
    (next: (now: ReadonlySet<string>) => ReadonlySet<string>) =>
      setState((s) => ({ initial, folder, selected: next(scoped(s)) })),
    [initial, folder, scoped],
  );
  const last = useRef<string | null>(null);

  /** Ticks or clears one entry; with Shift, every entry between the last one ticked and it. */
  const toggle = useCallback(
    (name: string, checked: boolean, range = false) => {
      const ends = range && last.current ? [selectable.indexOf(last.current), selectable.indexOf(name)] : [];
      const names =
        ends.length && Math.min(...ends) >= 0 ? selectable.slice(Math.min(...ends), Math.max(...ends) + 1) : [name];
      last.current = name;
      set((now) => {
        const next = new Set(now);
        for (const one of names) {
          if (checked) next.add(one);
          else next.delete(one);
        }
        return next;
      });
    },
    [selectable, set],
  );

  const setAll = useCallback((checked: boolean) => set(() => new Set(checked ? selectable : [])), [selectable, set]);

  // In the folder's order; names no longer in the folder (deleted, moved) are not selected.
  const names = useMemo(() => selectable.filter((n) => selected.has(n)), [selectable, selected]);
  const posted = useRef(names);
  useEffect(() => {
    posted.current = names;
  }, [names]);
  /** A ref for the selection form: whatever it submits carries the selected names as `name` fields. */
  const postFrom = useCallback((form: HTMLFormElement | null) => {
    if (!form) return;
    const add = (event: FormDataEvent) => {
      for (const name of posted.current) event.formData.append('name', name);
    };
    form.addEventListener('formdata', add);
    return () => form.removeEventListener('formdata', add);
  }, []);
  return { selected, names, count: names.length, total: selectable.length, toggle, setAll, postFrom };
}

export type Selection = ReturnType<typeof useSelection>;
