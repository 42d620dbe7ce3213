import { GRANT_SECONDS } from '~/models/shares/visit/file-access.server';

/**
 * The cookie a file share's content grant travels in (issue 42, item 8): after a counted view or an
 * unlock, the browser carries it to the share's page and content doors, so no grant is ever in an
 * address that could be copied and pasted into another browser. One cookie per door path of the
 * share (its page and the page's data, view, download, thumbnail, Office preview and entries): each is sent only to its
 * own share, so visiting many shares never grows every request's headers. API answers give scripts
 * (and the v0.7.3 client) the grant in their content URLs' `?grant=` instead.
 */
export const GRANT_COOKIE = 'cc_grant';

const doorPaths = (slug: string) => [
  `/file/${slug}`,
  // React Router's data requests of the page ("/file/x" does not path-match "/file/x.data").
  `/file/${slug}.data`,
  `/api/file-view/${slug}`,
  `/api/file-download/${slug}`,
  `/api/file-thumbnail/${slug}`,
  `/api/office-preview/${slug}`,
  `/api/public/files/${slug}`,
];

/** The Set-Cookie values that keep `grant` for the share `slug` (slugs are URL-safe: [A-Za-z0-9_-]). */
export function grantCookies(slug: string, grant: string, secure: boolean): string[] {
  const attributes = `Max-Age=${GRANT_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return doorPaths(encodeURIComponent(slug)).map((path) => `${GRANT_COOKIE}=${grant}; Path=${path}; ${attributes}`);
}

/** The grants a request carries: its `?grant=` (an API answer's URL) and the share's cookie. */
export function grantsOf(cookieHeader: string | null | undefined, query?: string | null): string[] {
  const grants = query ? [query] : [];
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === GRANT_COOKIE && value) grants.push(value);
  }
  return grants;
}
