import QRCode from 'qrcode';
import { linkOrigin, pasteLinks, type PasteLinks } from '~/lib/share-links';
import type { Services } from '~/services.server';

/** Absolute page and raw links of a paste, on PUBLIC_URL when set, else on the request's origin. */
export function pasteLinksFor(
  request: Request,
  services: Services,
  slug: string,
  password?: string | null,
): PasteLinks {
  return pasteLinks(linkOrigin(request.url, services.config.publicUrl), slug, password);
}

/**
 * A QR code for `url` as an SVG data URL, made on the server so it shows without JavaScript. Dark
 * modules on white whatever the theme: scanners need the contrast.
 */
export async function qrCodeDataUrl(url: string): Promise<string> {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
