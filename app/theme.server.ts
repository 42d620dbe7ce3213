import { createCookie } from 'react-router';
import { isTheme, type Theme } from './lib/theme';
import type { HeaderSource } from './i18n/middleware.server';

/** The theme choice, read on the server so the first paint already has the right theme. */
export const themeCookie = createCookie('theme', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getTheme(request: HeaderSource): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get('cookie'));
  return isTheme(value) ? value : 'auto';
}
