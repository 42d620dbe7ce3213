import { FOLDER_MIMETYPE } from '~/lib/mime';

/** Stroke icons shared across the app (24×24, currentColor, hidden from assistive tech). */
export const ICONS = {
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  edit: 'M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  lock: 'M6 11h12v9H6zM8 11V8a4 4 0 0 1 8 0v3',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  views: 'M3 20V10M9 20V4M15 20v-7M21 20v-4',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  zoomIn: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6M11 8v6',
  zoomOut: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4M8 11h6',
  upload: 'M12 16V4M7 9l5-5 5 5M4 16v4h16v-4',
  close: 'M6 6l12 12M18 6 6 18',
  chevronLeft: 'M15 6l-6 6 6 6',
  arrowUp: 'M12 19V5M6 11l6-6 6 6',
  sliders: 'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M14 4v4M8 10v4M16 16v4',
  chevronRight: 'M9 6l6 6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  download: 'M12 4v12M7 11l5 5 5-5M4 20h16',
  storage: 'M4 6a8 3 0 1 0 16 0A8 3 0 1 0 4 6zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6',
  file: 'M6 3h9l4 4v14H6zM14 3v5h5',
  folder: 'M3 6h6l2 2h10v11H3z',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 5v6h-6',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  gallery: 'M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6M15.5 9.5h.01',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  share:
    'M18 8a3 3 0 1 0-3-3M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  image: 'M4 5h16v14H4zM8.5 10.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM20 15l-5-5-9 9',
  video: 'M3 6h13v12H3zM16 10l5-3v10l-5-3',
  audio: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM20 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  text: 'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h5',
  pdf: 'M6 3h9l4 4v14H6zM14 3v5h5M9 15h1.5a1.5 1.5 0 0 0 0-3H9v5',
  sweep: 'M3 21h18M6 17l3-10 6 2-3 10M14 4l4 1.5',
  plus: 'M12 5v14M5 12h14',
  cloud: 'M7 18a5 5 0 0 1-.9-9.9A6 6 0 0 1 17.6 7.2 4.5 4.5 0 0 1 17.5 18z',
  wifiOff: 'M2 8.8a15 15 0 0 1 20 0M5 12.9a10 10 0 0 1 14 0M8.5 16.4a5 5 0 0 1 7 0M12 20h.01M3 3l18 18',
  disk: 'M4 6a8 3 0 1 0 16 0A8 3 0 1 0 4 6zM4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6',
  check: 'M5 12l5 5L20 7',
  cross: 'M6 6l12 12M18 6 6 18',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z',
  play: 'M7 4v16l13-8z',
  pause: 'M7 4h3v16H7zM14 4h3v16h-3z',
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  database:
    'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  tag: 'M3 12V4h8l9 9-8 8zM7.5 7.5h.01',
  alert: 'M12 9v4M12 17h.01M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  globe:
    'M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z',
  italic: 'M19 4h-9M14 20H5M15 4L9 20',
  heading: 'M6 4v16M18 4v16M6 12h12',
  code: 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  codeBlock: 'M4 4h16v16H4zM10 9l-3 3 3 3M14 9l3 3-3 3',
  list: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  taskList: 'M3 5l2 2 3-3M3 12l2 2 3-3M11 6h10M11 13h10M11 19h10M4 19h2',
  quote: 'M7 7h4v6c0 2-1 3.5-3 4M15 7h4v6c0 2-1 3.5-3 4',
  basket: 'M3 9h18l-2 11H5zM8 9l4-6 4 6M9 13v4M15 13v4',
  copy: 'M8 8h12v12H8zM16 8V4H4v12h4',
  tasks: 'M4 6h10M4 12h16M4 18h7M18 4v4M16 6h4',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  key: 'M8 19a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM10.85 12.15 19 4M18 5l2 2M15 8l2 2',
  menu: 'M4 6h16M4 12h16M4 18h16',
  undo: 'M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3',
  duplicate: 'M11 9h7a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-7a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM5 15V5a2 2 0 0 1 2-2h10',
} as const;

export type IconName = keyof typeof ICONS;

/** A stroke icon; `strokeWidth` 2.5 draws a bolder mark (the check on a success badge). */
export function Icon({
  name,
  className = 'h-4 w-4',
  strokeWidth = 2,
}: {
  name: IconName;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={`${className} shrink-0`}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

/** The icon that stands for a file of this MIME type. */
export function iconForType(mimetype: string): IconName {
  if (mimetype === FOLDER_MIMETYPE) return 'folder';
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype.startsWith('audio/')) return 'audio';
  if (mimetype.startsWith('text/') || mimetype === 'application/json' || mimetype === 'application/pdf') return 'text';
  return 'file';
}
