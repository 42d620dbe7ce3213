import { catalogOf, type Catalog } from './catalogs';
import { FALLBACK_LOCALE, isLocale } from './config';
import { withPermissionLabels } from '~/lib/permissions';

function lookup(tree: Catalog | undefined, key: string): string | undefined {
  let node: string | Catalog | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A synchronous translation outside React (page titles, API messages). Same catalogs and the same
 * `{{name}}` interpolation as i18next, so a key means the same thing everywhere. Only a language
 * this process holds (app/i18n/catalogs.ts) is used; otherwise English, otherwise the key.
 */
export function translate(locale: string, key: string, values?: Record<string, unknown>): string {
  const lng = isLocale(locale) ? locale : FALLBACK_LOCALE;
  const text = lookup(catalogOf(lng), key) ?? lookup(catalogOf(FALLBACK_LOCALE), key) ?? key;
  if (!values) return text;
  // Chinese keeps the v0.7.3 label a refusal carries; other languages name the permission themselves.
  const params =
    lng === 'zh'
      ? values
      : withPermissionLabels(values, (flag) => lookup(catalogOf(lng), `keys.permissions.${flag}`) ?? flag);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    params[name] === undefined ? match : String(params[name]),
  );
}

export function hasTranslation(locale: string, key: string): boolean {
  const lng = isLocale(locale) ? locale : FALLBACK_LOCALE;
  return lookup(catalogOf(lng), key) !== undefined;
}
