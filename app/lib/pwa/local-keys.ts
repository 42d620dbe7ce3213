/**
 * The localStorage keys of docs/product/spec.md §3 "Local storage keys" that the PWA code uses. The
 * language and theme are mirrored here from their (httpOnly) cookies so that the static offline
 * page (public/offline.html) can follow them.
 */
export const LOCAL_KEYS = {
  language: 'cloudclip.language',
  theme: 'cloudclip.theme',
  /** When the install prompt was last dismissed (ms since the epoch). */
  installDismissedAt: 'cloudclip.installDismissedAt',
  /** The environment switcher's other server for JSON calls (app/lib/api-target.ts). */
  apiTarget: 'cloudclip.apiTarget',
} as const;

/** localStorage that may be missing (private modes, storage disabled): reads give null, writes do nothing. */
export const local = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage is full or disabled: the preference just is not remembered offline.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage disabled: there is nothing to remove.
    }
  },
};
