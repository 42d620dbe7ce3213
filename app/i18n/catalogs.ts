import type { Locale } from './config';

export type Catalog = { [key: string]: string | Catalog };

/**
 * The translations this process holds, by language. The server registers both at start
 * (app/i18n/resources.server.ts); the browser loads only the page's language, as its own chunk,
 * before hydrating (app/entry.client.tsx), and the other one only when the visitor switches: a
 * visitor downloads one language, not two (issue 15 item 3).
 */
const catalogs: Partial<Record<Locale, Catalog>> = {};

export function registerCatalog(locale: Locale, catalog: Catalog): void {
  catalogs[locale] = catalog;
}

export function catalogOf(locale: Locale): Catalog | undefined {
  return catalogs[locale];
}

const importers: Record<Locale, () => Promise<{ default: unknown }>> = {
  en: () => import('~/locales/en'),
  zh: () => import('~/locales/zh'),
};

/** The catalog of a language, loaded (once) if this process does not hold it yet. */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const held = catalogs[locale];
  if (held) return held;
  const catalog = (await importers[locale]()).default as Catalog;
  registerCatalog(locale, catalog);
  return catalog;
}
