import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { FALLBACK_LOCALE, isLocale, localeFromAcceptLanguage, type Locale } from './config';
import { resources } from './resources.server';

/** The user's explicit language choice; it wins over Accept-Language. */
export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * One i18next instance per language, made once. remix-i18next's middleware builds a fresh
 * instance on every request, which showed up as a real share of server time in the SSR benchmark;
 * with all resources bundled and no language change on the server, shared instances are safe.
 */
const instances = new Map<Locale, Promise<i18n>>();

function instanceFor(locale: Locale): Promise<i18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const created = createInstance({
      resources,
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      interpolation: { escapeValue: false },
    });
    instance = created
      .use(initReactI18next)
      .init()
      .then(() => created);
    instances.set(locale, instance);
  }
  return instance;
}

const localeContext = createContext<Locale>(FALLBACK_LOCALE);
const i18nContext = createContext<i18n | null>(null);

/** What the language and theme are read from: a Fetch request, or the paste page lane's Express one. */
export interface HeaderSource {
  headers: { get(name: string): string | null };
}

export async function detectLocale(request: HeaderSource): Promise<Locale> {
  const chosen = await localeCookie.parse(request.headers.get('cookie'));
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage(request.headers.get('accept-language'));
}

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const locale = await detectLocale(request);
  context.set(localeContext, locale);
  context.set(i18nContext, await instanceFor(locale));
  return next();
};

export function getLocale(context: Readonly<RouterContextProvider>): Locale {
  return context.get(localeContext);
}

export function getI18n(context: Readonly<RouterContextProvider>): i18n {
  const instance = context.get(i18nContext);
  if (!instance) throw new Error('i18n middleware did not run');
  return instance;
}
