import { Lru } from '~/lib/lru';
import { qrSvg } from '~/lib/qr';
import { fileContentHref, fileHref } from '~/lib/hrefs';

/**
 * Absolute links of a share as its page shows them (share box, QR code), on the request's link
 * origin (RequestInfo.linkOrigin, app/http/link-origin.ts). One place for the HTML door; the URLs
 * themselves come from lib/hrefs.
 */

export interface FileLinks {
  /** The share page, /file/<slug>. */
  page: string;
  /** The download, /api/file-download/<slug>, with ?password= when the caller knows the password. */
  download: string;
}

/** Absolute page and download links of a file share. */
export function fileLinksFor(origin: string, slug: string, password?: string | null): FileLinks {
  return { page: fileHref(slug, undefined, origin), download: fileContentHref(slug, 'download', { password }, origin) };
}
/** QR codes by URL: a link posted to a busy chat has its QR drawn once (about 1 ms each). */
const qrCodes = new Lru<Promise<string>>(200);

/**
 * Where a page's QR code of `url` is drawn (routes/qr.ts): an image the browser fetches and keeps,
 * so a page costs no QR work to render, and one nobody looks at (a phone's collapsed share card, a
 * script reading the page) costs none at all (issue 29).
 */
export function qrCodeHref(url: string): string {
  return `/qr.svg?u=${encodeURIComponent(url)}`;
}

/** The QR code of `url` as SVG (lib/qr.ts). */
export function qrCodeSvg(url: string): Promise<string> {
  return qrCodes.getOrSet(url, () => qrSvg(url));
}

/** A share page's link and its QR code, as the share card shows them. */
export function shareCardOf(page: string): { page: string; qr: string } {
  return { page, qr: qrCodeHref(page) };
}
