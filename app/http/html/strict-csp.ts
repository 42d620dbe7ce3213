/**
 * The strict policy of the pages that hold an end-to-end key (docs/encryption.md "Pages that
 * decrypt"): the encrypted paste's page. Only this origin's scripts run, and of inline scripts only
 * those React Router writes with this answer's nonce; nothing loads from another origin (an image
 * in an encrypted Markdown paste included: it would tell a third party who reads it); the page
 * sends no referrer. Client-safe: a route's loader sets these headers, and entry.server.tsx puts
 * the answer's nonce in the slot.
 */
export const NONCE_SLOT = '{nonce}';

const policy = (images: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${NONCE_SLOT}'`,
    // React sets style attributes (KaTeX's layout among them); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    "font-src 'self' data:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export const DECRYPTING_PAGE_HEADERS = {
  'Content-Security-Policy': policy("'self' data: blob:"),
  'Referrer-Policy': 'no-referrer',
} as const;

/**
 * The page that makes keys (the home editor): the same, except that its Markdown preview shows
 * images from anywhere, as the plain paste page will. An image cannot read the page; the text it
 * previews is the author's own.
 */
export const KEY_MAKING_PAGE_HEADERS = {
  'Content-Security-Policy': policy("'self' data: blob: http: https:"),
  'Referrer-Policy': 'no-referrer',
} as const;

/** Does this answer's route ask for the strict policy, whose slot needs a nonce? */
export const wantsNonce = (headers: Headers) => !!headers.get('Content-Security-Policy')?.includes(NONCE_SLOT);

/** The policy of an answer with its nonce in place (entry.server.tsx). */
export function fillNonce(headers: Headers, nonce: string): void {
  const policy = headers.get('Content-Security-Policy')!;
  headers.set('Content-Security-Policy', policy.replaceAll(NONCE_SLOT, nonce));
}

/** The headers a page route passes on from its loader and action: the policy pair, when either set it. */
export function decryptingPageHeaders(...sources: Headers[]): Headers {
  const headers = new Headers();
  for (const source of sources)
    for (const name of Object.keys(DECRYPTING_PAGE_HEADERS)) {
      const value = source.get(name);
      if (value) headers.set(name, value);
    }
  return headers;
}
