/**
 * Every URL of a share, built in one place (client-safe and pure). Paths are relative to the app;
 * pass an `origin` (app/http/link-origin.ts decides it per request) for absolute links shown to other people.
 */

const seg = (slug: string) => encodeURIComponent(slug);

/** `path?a=b`: empty values are left out; values are percent-encoded (a space is %20, never +). */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const pairs = Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const text = pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  return text ? `${path}?${text}` : path;
}

export type ManageMode = 'edit' | 'delete';

/** The page of a text share: /paste/<slug>; `?edit=1` / `?delete=1` open its owner's pages. */
export function pasteHref(slug: string, mode?: ManageMode, origin = ''): string {
  return `${origin}${withQuery(`/paste/${seg(slug)}`, mode ? { [mode]: '1' } : {})}`;
}

/** A text share's raw text, /api/raw/<slug>, with ?password= when the caller knows the password. */
export function pasteRawHref(slug: string, password?: string | null, origin = ''): string {
  return `${origin}${withQuery(`/api/raw/${seg(slug)}`, { password })}`;
}

/** The page of a file share: /file/<slug>; `?edit=1` / `?delete=1` open its owner's pages. */
export function fileHref(slug: string, mode?: ManageMode, origin = ''): string {
  return `${origin}${withQuery(`/file/${seg(slug)}`, mode ? { [mode]: '1' } : {})}`;
}

/**
 * A file share's content through the app: inline (view) or as an attachment (download). In a folder
 * share `path` names a file inside it; a folder's download is its zip (the whole share without a path).
 */
export function fileContentHref(
  slug: string,
  disposition: 'view' | 'download',
  access: { password?: string | null; grant?: string | null; path?: string | null } = {},
  origin = '',
): string {
  const query = { path: access.path, password: access.password, grant: access.grant };
  return `${origin}${withQuery(`/api/file-${disposition}/${seg(slug)}`, query)}`;
}

/** The gallery thumbnail of an image inside a folder share (GET /api/file-thumbnail). */
/** A file's thumbnail inside a folder share (`path`), or a single file share's own poster (no path). */
export function fileThumbnailHref(slug: string, access: { grant?: string | null; path?: string }): string {
  return withQuery(`/api/file-thumbnail/${seg(slug)}`, { path: access.path, grant: access.grant });
}

/** A place inside a folder share's page: a folder (listed) or a file (previewed), with the visit's grant. */
export function folderShareHref(
  slug: string,
  place: { path?: string | null; grant?: string | null; view?: 'gallery' | null; cursor?: string | null } = {},
): string {
  return withQuery(`/file/${seg(slug)}`, {
    path: place.path === '/' ? null : place.path,
    view: place.view,
    cursor: place.cursor,
    grant: place.grant,
  });
}

/** The upload requests module with its form opened on a new request into `folder` (a virtual path). */
export function uploadRequestHref(folder: string): string {
  return withQuery('/admin/upload-requests', { folder });
}

/** The second step of a sign-in (issue 44: routes/auth/second-factor.tsx). */
export const SECOND_FACTOR_PAGE = '/admin/login/second-factor';

/** Admin → Accounts (issue 44: routes/admin/users.tsx). */
export const USERS_PATH = '/admin/users';

/** Where OpenID Connect providers send the browser back (issue 44): register it with the provider. */
export const SSO_CALLBACK = '/auth/sso/callback';
