import { FALLBACK_LOCALE, isLocale, resources } from './config';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A synchronous translation outside React (page titles, API messages). Same resources and the same
 * `{{name}}` interpolation as i18next, so a key means the same thing everywhere.
 */
export function translate(locale: string, key: string, values?: Record<string, unknown>): string {
  const lng = isLocale(locale) ? locale : FALLBACK_LOCALE;
  const text =
    lookup(resources[lng].translation as unknown as Tree, key) ??
    lookup(resources[FALLBACK_LOCALE].translation as unknown as Tree, key) ??
    key;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}

export function hasTranslation(locale: string, key: string): boolean {
  const lng = isLocale(locale) ? locale : FALLBACK_LOCALE;
  return lookup(resources[lng].translation as unknown as Tree, key) !== undefined;
}
