import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useNavigate } from 'react-router';
import { Icon } from './Icon';
import { ZoomableImage } from './ZoomableImage';
import { formatBytes } from '~/lib/format';

/** The image shown: its name and size, where its full picture and its download are. */
export interface LightboxImage {
  name: string;
  size: number;
  previewUrl: string;
  downloadUrl: string;
}

/** A horizontal move this long (px), more sideways than up or down, is a swipe. */
const SWIPE = 60;

/**
 * A gallery's full-screen view of an image (issue 28 A3; a folder share's visitors too, issue 47):
 * the image fits the screen, never larger than it is, and zooms to its real size on a click;
 * previous and next are links (so it works without JavaScript), and with JavaScript the arrow keys
 * (useImageKeys), Escape and a swipe move through the folder's images.
 */
export function Lightbox({
  file,
  position,
  count,
  previous,
  next,
  closeTo,
}: {
  file: LightboxImage;
  /** 1-based place of the image among the folder's images. */
  position: number;
  count: number;
  previous: string | null;
  next: string | null;
  closeTo: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = useRef<HTMLAnchorElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);

  // The page behind stays still, and keyboard focus starts inside the dialog.
  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    close.current?.focus({ preventScroll: true });
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const arrow = (to: string, label: string, side: 'left' | 'right') => (
    <Link
      to={to}
      replace
      aria-label={label}
      className={`absolute top-1/2 ${side === 'left' ? 'left-2' : 'right-2'} z-10 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/10 text-white hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white`}
    >
      <Icon name={side === 'left' ? 'chevronLeft' : 'chevronRight'} className="h-6 w-6" />
    </Link>
  );

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="lightbox-heading"
      className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white"
      onPointerDown={(event) => {
        start.current = { x: event.clientX, y: event.clientY };
      }}
      onPointerUp={(event) => {
        const from = start.current;
        start.current = null;
        if (!from) return;
        const dx = event.clientX - from.x;
        const dy = event.clientY - from.y;
        if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(dy)) return;
        const to = dx < 0 ? next : previous;
        if (to) navigate(to, { replace: true });
      }}
    >
      <div className="flex items-center justify-between gap-3 px-3 py-2">
        <div className="min-w-0">
          <h2 id="lightbox-heading" className="truncate font-semibold">
            {file.name}
          </h2>
          <p className="text-xs text-white/70">
            {t('explorer.lightbox.position', { position, count })} · {formatBytes(file.size)}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <a href={file.downloadUrl} className="btn border-white/30 bg-transparent px-2.5 py-1.5 text-xs text-white">
            <Icon name="download" />
            {t('explorer.actions.download')}
          </a>
          <Link
            ref={close}
            to={closeTo}
            className="btn border-white/30 bg-transparent px-2.5 py-1.5 text-xs text-white"
          >
            <Icon name="close" />
            {t('explorer.actions.close')}
          </Link>
        </div>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-3 sm:px-16">
        {previous && arrow(previous, t('explorer.actions.previous'), 'left')}
        <ZoomableImage
          key={file.previewUrl}
          src={file.previewUrl}
          alt={file.name}
          fitClassName="max-h-[calc(100dvh-5.5rem)]"
          tone="dark"
        />
        {next && arrow(next, t('explorer.actions.next'), 'right')}
      </div>
    </div>
  );
}

/**
 * The arrow keys move to the previous and next image and Escape closes, unless the reader is typing
 * (the explorer's preview and lightbox, a folder share's lightbox).
 */
export function useImageKeys(previous: string | null, next: string | null, closeTo: string) {
  const navigate = useNavigate();
  // A layout effect: the keys must move on from the image just shown as soon as it is on screen
  // (a passive effect left a moment in which they still acted for the previous one).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = (event.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable]');
      if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft' && previous) navigate(previous);
      else if (event.key === 'ArrowRight' && next) navigate(next);
      else if (event.key === 'Escape') navigate(closeTo);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, closeTo, navigate]);
}
