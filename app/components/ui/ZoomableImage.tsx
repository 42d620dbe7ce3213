import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Icon } from './Icon';
import { useHydrated } from './use-hydrated';

/**
 * An image that fits the space it is given (never cropped) and shows its real size on a click
 * (issue 28 A3): zoomed, it scrolls in its frame; a second click fits it again. The corner button
 * does the same from the keyboard. Without JavaScript a click opens the image itself, at its real size.
 */
export function ZoomableImage({
  src,
  alt,
  fitClassName,
  tone = 'light',
}: {
  src: string;
  alt: string;
  /** The box the image fits in, e.g. `max-h-[70vh]`. */
  fitClassName: string;
  tone?: 'light' | 'dark';
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [zoomed, setZoomed] = useState(false);
  const fitted = `${fitClassName} max-w-full rounded object-contain`;
  if (!hydrated)
    return (
      <a href={src} target="_blank" rel="noreferrer" title={t('file.preview.zoomIn')} className="cursor-zoom-in">
        <img src={src} alt={alt} className={fitted} />
      </a>
    );
  const label = t(zoomed ? 'file.preview.zoomOut' : 'file.preview.zoomIn');
  return (
    <div className={`relative max-w-full ${zoomed ? 'block w-full' : 'inline-block'}`}>
      <div className={zoomed ? `${fitClassName} overflow-auto` : ''}>
        <img
          src={src}
          alt={alt}
          draggable={false}
          onClick={() => setZoomed((now) => !now)}
          className={zoomed ? 'max-w-none cursor-zoom-out' : `${fitted} cursor-zoom-in`}
        />
      </div>
      <button
        type="button"
        aria-pressed={zoomed}
        aria-label={label}
        title={label}
        onClick={() => setZoomed((now) => !now)}
        className={`absolute right-2 bottom-2 grid h-9 w-9 place-items-center rounded-full shadow ${
          tone === 'dark' ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-surface/90 text-ink hover:bg-surface'
        }`}
      >
        <Icon name={zoomed ? 'zoomOut' : 'zoomIn'} className="h-4 w-4" />
      </button>
    </div>
  );
}
