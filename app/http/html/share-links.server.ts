import QRCode from 'qrcode';
import { Lru } from '~/lib/lru';
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
/** QR codes by URL: every view of a share page draws the same one (about 1 ms each, kept instead). */
const qrCodes = new Lru<Promise<string>>(500);

/**
 * A QR code for `url` as an SVG data URL, made on the server so it shows without JavaScript. Dark
 * modules on white whatever the theme: scanners need the contrast.
 */
export function qrCodeDataUrl(url: string): Promise<string> {
  return qrCodes.getOrSet(url, async () => {
    const svg = await QRCode.toString(url, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#000000', light: '#ffffff' },
    });
    return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  });
}

/** A share page's link and its QR code, as the share card shows them. */
export async function shareCardOf(page: string): Promise<{ page: string; qr: string }> {
  return { page, qr: await qrCodeDataUrl(page) };
}
