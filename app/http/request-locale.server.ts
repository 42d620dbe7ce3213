import type { Request } from 'express';
import { isLocale, localeFromAcceptLanguage, type Locale } from '~/i18n/config';
import { localeCookie } from '~/i18n/middleware.server';

/**
 * The language of a plain-text answer: the visitor's choice (cookie) or browser language when the
 * request states one, else Chinese, the language docs/product/api.md gives scripts (decision 0008).
 */
export async function plainLocale(req: Request): Promise<Locale> {
  const chosen = await localeCookie.parse(req.get('cookie') ?? null).catch(() => null);
  if (isLocale(chosen)) return chosen;
  const accept = req.get('accept-language');
  return accept && accept.trim() !== '*' ? localeFromAcceptLanguage(accept) : 'zh';
}
