/**
 * A link's QR code as SVG, the same on the server (routes/qr.ts, through share-links.server.ts)
 * and in the page (a link whose key the server must never see, components/ui/use-keyed-share.ts).
 * Dark modules on white whatever the theme: scanners need the contrast.
 */
export async function qrSvg(url: string): Promise<string> {
  // Loaded by the first code drawn, not at every start of the server.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(url, {
    type: 'svg',
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
}
