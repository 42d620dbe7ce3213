import { createCookie } from 'react-router';
import { createI18nextMiddleware } from 'remix-i18next/middleware';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, SUPPORTED_LOCALES, localeFromAcceptLanguage, resources } from './config';

/** The user's explicit language choice; it wins over Accept-Language. */
export const localeCookie = createCookie('lng', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...SUPPORTED_LOCALES],
    fallbackLanguage: FALLBACK_LOCALE,
    cookie: localeCookie,
    order: ['cookie', 'custom'],
    findLocale: async (request) => localeFromAcceptLanguage(request.headers.get('accept-language')),
  },
  i18next: {
    resources,
    fallbackLng: FALLBACK_LOCALE,
    interpolation: { escapeValue: false },
  },
  plugins: [initReactI18next],
});
