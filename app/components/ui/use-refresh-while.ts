import { useEffect } from 'react';
import { useRevalidator } from 'react-router';

/**
 * Reloads the page's data every few seconds while `active` (a rescan or a task is running), so
 * progress shows without a click. Without JavaScript the page says to reload instead.
 */
export function useRefreshWhile(active: boolean, everyMs = 2000): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active || state !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), everyMs);
    return () => clearTimeout(timer);
  }, [active, state, revalidate, everyMs]);
}
