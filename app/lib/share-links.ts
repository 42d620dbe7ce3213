import { pasteHref, pasteRawHref } from './hrefs';

/** Absolute links to a paste: its page and its raw text. Client-safe and pure. */

export interface PasteLinks {
  /** The paste page, /paste/<slug>. */
  page: string;
  /** The raw text, /api/raw/<slug>, with ?password= when the caller knows the password. */
  raw: string;
}

export function pasteLinks(origin: string, slug: string, password?: string | null): PasteLinks {
  return { page: pasteHref(slug, undefined, origin), raw: pasteRawHref(slug, password, origin) };
}
