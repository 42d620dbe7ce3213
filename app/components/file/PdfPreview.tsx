import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Icon } from '~/components/ui/Icon';
import { useHydrated } from '~/components/ui/use-hydrated';

/** Where the PDF opens in place by itself; narrower screens get it on a tap (md in Tailwind). */
const WIDE = '(min-width: 768px)';

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * A PDF in the browser's own viewer. On a wide screen it opens in place once the page runs; on a
 * phone it waits for a tap, since phones' browsers show nothing useful in a frame (Chrome for
 * Android draws an empty box, Safari the first page) and a desktop browser's viewer loads some
 * 800 KB of its own scripts (issue 47: the share page's Lighthouse score went from 60 to that of
 * the other pages). The placeholder is as tall as the frame on wide screens, so nothing moves
 * when the frame replaces it. Without JavaScript the frame is always there.
 */
export function PdfPreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [tapped, setTapped] = useState(false);
  const wide = useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
  const shown = wide || tapped;
  const frame = <iframe src={url} title={t('file.preview.pdfTitle', { name })} className="h-[75vh] w-full" />;
  return (
    <>
      {shown ? (
        frame
      ) : (
        <>
          <noscript>{frame}</noscript>
          <div className="script-only flex flex-col items-center justify-center gap-3 px-6 py-10 text-center md:h-[75vh]">
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-muted text-subtle">
              <Icon name="pdf" className="h-7 w-7" />
            </span>
            <button type="button" className="btn" disabled={!hydrated} onClick={() => setTapped(true)}>
              {t('file.preview.showPdf')}
            </button>
          </div>
        </>
      )}
      <p className="border-t border-line bg-raised px-4 py-2 text-xs text-subtle">
        <a href={url} target="_blank" rel="noreferrer" className="link">
          {t('file.preview.openPdf')}
        </a>
      </p>
    </>
  );
}
