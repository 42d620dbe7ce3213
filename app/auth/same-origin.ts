/**
 * Is this request from our own pages? Used to refuse cross-site form posts and to honour the
 * session cookie on /api only for same-origin calls (defence in depth on top of SameSite=Lax).
 * Browsers send Origin on every POST and Sec-Fetch-Site on every request; a client that sends
 * neither is not a browser, and cannot be made to carry a victim's cookie.
 */
export function isSameOriginRequest(headers: Headers, ownOrigins: string[]): boolean {
  const origin = headers.get('origin');
  if (origin && origin !== 'null') return ownOrigins.includes(origin);
  if (origin === 'null') return false;
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  return true;
}
