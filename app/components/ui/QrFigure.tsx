import type { ReactNode } from 'react';

/** Literal class names, so Tailwind sees them: the share card's code, and the larger one of a result box. */
const SIZES = {
  small: { px: 160, img: 'h-40 w-40', caption: 'max-w-40' },
  large: { px: 176, img: 'h-44 w-44', caption: 'max-w-44' },
} as const;

/**
 * A share link's QR code (an SVG data URL made on the server) with its caption: dark on white
 * whatever the theme, as scanners need the contrast.
 */
export function QrFigure({
  src,
  alt,
  caption,
  size = 'large',
  className,
}: {
  src: string;
  alt: string;
  caption: ReactNode;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const s = SIZES[size];
  return (
    <figure className={className}>
      <img
        src={src}
        alt={alt}
        width={s.px}
        height={s.px}
        className={`${s.img} rounded-lg border border-line bg-white p-2`}
      />
      <figcaption className={`mt-2 ${s.caption} text-center text-xs text-subtle`}>{caption}</figcaption>
    </figure>
  );
}
