import { createCookie } from 'react-router';
import { isTheme, type Theme } from './lib/theme';

/** The theme choice, read on the server so the first paint already has the right theme. */
export const themeCookie = createCookie('theme', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export async function getTheme(request: Request): Promise<Theme> {
  const value = await themeCookie.parse(request.headers.get('cookie'));
  return isTheme(value) ? value : 'auto';
}
