import { useEffect, useState } from 'react';
import type { ShareLink } from './ShareCard';

/**
 * A share link with its end-to-end key in the fragment, and that link's QR code drawn in the page
 * (docs/encryption.md): the server draws every other QR code (routes/qr.ts), but it must never
 * see this link whole. Null until there is a key and its code is drawn.
 */
export function useKeyedShare(page: string | null, fragment: string | null | undefined): ShareLink | null {
  const url = page && fragment ? `${page}#${fragment}` : null;
  const [drawn, setDrawn] = useState<ShareLink | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    // The QR encoder loads with the first keyed link only.
    void import('~/lib/qr').then(async ({ qrSvg }) => {
      const svg = await qrSvg(url);
      if (live) setDrawn({ page: url, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      live = false;
    };
  }, [url]);
  return drawn?.page === url ? drawn : null;
}
