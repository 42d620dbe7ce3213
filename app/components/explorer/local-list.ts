import { useSyncExternalStore } from 'react';

/**
 * A small list kept in this browser's localStorage and shared by every component that shows it
 * (the basket, the search history): changes in one tab reach the others through the storage event.
 */
export function localList<T>(storageKey: string, max: number) {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; items: T[] } = { raw: null, items: [] };
  const read = (): T[] => {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKey);
    if (raw === cached.raw) return cached.items;
    let items: T[] = [];
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      items = Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      items = [];
    }
    cached = { raw, items };
    return items;
  };
  const write = (items: T[]) => {
    localStorage.setItem(storageKey, JSON.stringify(items.slice(0, max)));
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => event.key === storageKey && listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  };
  const empty: T[] = [];
  return {
    read,
    write,
    /** The list, re-rendering on change; empty on the server and before hydration. */
    use: () => useSyncExternalStore(subscribe, read, () => empty),
  };
}
