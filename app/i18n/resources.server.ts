import en from '~/locales/en';
import zh from '~/locales/zh';
import { registerCatalog, type Catalog } from './catalogs';

/** The server holds every language: it renders each visitor's own (app/i18n/catalogs.ts). */
export const resources = {
  en: { translation: en },
  zh: { translation: zh },
} as const;

registerCatalog('en', en as unknown as Catalog);
registerCatalog('zh', zh as unknown as Catalog);
