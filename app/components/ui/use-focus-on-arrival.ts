import { useEffect, useRef } from 'react';

/**
 * Moves the focus to the returned element (give it `tabIndex={-1}`) when `arrived` turns true: after
 * a password or a "show it" step opened a share, the field or button that had the focus is gone,
 * and the keyboard's place would fall back to the page's top (issue 47: focus moves to what changed).
 */
export function useFocusOnArrival<T extends HTMLElement>(arrived: boolean) {
  const target = useRef<T>(null);
  useEffect(() => {
    if (arrived) target.current?.focus();
  }, [arrived]);
  return target;
}
