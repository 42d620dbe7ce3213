import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true once the page runs JavaScript. Controls that only
 * work with JavaScript (copy buttons, presets) render behind it, so a no-JS page never shows a dead
 * button.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
