/** Share slugs (custom link suffixes): docs/product/spec.md §5 and docs/product/api.md §1.10. Client-safe. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/;
export const SLUG_MAX_LENGTH = 50;

/**
 * Words that would read as one of our own routes or API areas. Paste and file slugs live under
 * /paste/ and /file/, so nothing breaks technically; reserving them keeps links unambiguous and
 * stops a share from impersonating an app page.
 */
export const RESERVED_SLUGS = new Set(
  [
    'admin',
    'api',
    'dav',
    'webdav',
    'paste',
    'pastes',
    'file',
    'files',
    'raw',
    'upload',
    'uploads',
    'mount-explorer',
    'login',
    'logout',
    'prefs',
    'offline',
    'not-found',
    'assets',
    'static',
    'public',
    'favicon',
    'manifest',
    'sw',
    'service-worker',
    'health',
    'version',
    'new',
    'edit',
    'delete',
  ].map((s) => s.toLowerCase()),
);

export type SlugProblem = 'slugInvalid' | 'slugTooLong' | 'slugReserved';

/** Why a custom slug is not acceptable, or null when it is. */
export function slugProblem(slug: string): SlugProblem | null {
  if (slug.length > SLUG_MAX_LENGTH) return 'slugTooLong';
  if (!SLUG_PATTERN.test(slug)) return 'slugInvalid';
  if (RESERVED_SLUGS.has(slug.toLowerCase())) return 'slugReserved';
  return null;
}
