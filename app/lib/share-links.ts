import { pasteHref, pasteRawHref } from './hrefs';

/** Absolute links to a paste: its page and its raw text. Client-safe and pure. */

/** The origin links are built on: PUBLIC_URL when configured, else the origin the request came to. */
export function linkOrigin(requestUrl: string, publicUrl?: string | null): string {
  if (publicUrl) {
    // PUBLIC_URL may carry a path prefix (https://example.com/clip); keep it, drop a trailing slash.
    const url = new URL(publicUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  return new URL(requestUrl).origin;
}

export interface PasteLinks {
  /** The paste page, /paste/<slug>. */
  page: string;
  /** The raw text, /api/raw/<slug>, with ?password= when the caller knows the password. */
  raw: string;
}

export function pasteLinks(origin: string, slug: string, password?: string | null): PasteLinks {
  return { page: pasteHref(slug, undefined, origin), raw: pasteRawHref(slug, password, origin) };
}
