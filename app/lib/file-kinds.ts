import { isPublicAddress, parseIp } from '~/net/ip-ranges';
import { extensionOf } from '~/lib/mime';

/**
 * How a file share is previewed on its page, from its type (client-safe). SVG and other active types
 * are shown as source text, never rendered on our origin.
 */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'markdown' | 'text' | 'office' | 'none';

const OFFICE_TYPES = /(msword|ms-excel|ms-powerpoint|officedocument|opendocument|rtf)/i;
const TEXT_APPLICATION_TYPES = /^application\/(json|xml|javascript|x-yaml|x-sh|sql|x-httpd-php|toml)$/i;

export function isOfficeType(mimetype: string): boolean {
  return OFFICE_TYPES.test(mimetype);
}

export function previewKindOf(mimetype: string): PreviewKind {
  const type = mimetype.toLowerCase();
  if (type === 'image/svg+xml') return 'text';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (type === 'text/markdown') return 'markdown';
  if (isOfficeType(type)) return 'office';
  if (type.startsWith('text/') || TEXT_APPLICATION_TYPES.test(type) || /\+(xml|json)$/.test(type)) return 'text';
  return 'none';
}

/** highlight.js language names (its "common" set) by file extension. */
const LANGUAGES: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  css: 'css',
  scss: 'scss',
  less: 'less',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  sh: 'bash',
  bash: 'bash',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  sql: 'sql',
  php: 'php',
  rb: 'ruby',
  lua: 'lua',
  swift: 'swift',
  diff: 'diff',
  patch: 'diff',
};

export function languageOf(filename: string): string | null {
  return LANGUAGES[extensionOf(filename)] ?? null;
}

/** Text and Markdown previews show at most this much of the file. */
export const PREVIEW_BYTES = 256 * 1024;

/** The two Office preview providers (docs/product/spec.md §5): Microsoft's and Google's online viewers. */
export const OFFICE_PROVIDERS = ['microsoft', 'google'] as const;
export type OfficeProvider = (typeof OFFICE_PROVIDERS)[number];

export function isOfficeProvider(value: unknown): value is OfficeProvider {
  return typeof value === 'string' && (OFFICE_PROVIDERS as readonly string[]).includes(value);
}

/** Host names only a local network knows: an online viewer on the internet cannot fetch from them. */
const LOCAL_NAMES = /(^|\.)(localhost|local|lan|home|internal|intranet|home\.arpa)$/i;

/**
 * Whether an online viewer (Microsoft's or Google's servers) can fetch `source`: not when its host
 * is a private, loopback or link-local address, or a name only a local network knows (issue 28:
 * the frame then showed the viewer's own error page). A public name may still be firewalled.
 */
export function reachableFromInternet(source: string): boolean {
  let host: string;
  try {
    host = new URL(source).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (parseIp(host)) return isPublicAddress(host);
  return host.includes('.') && !LOCAL_NAMES.test(host);
}

/** The provider's embeddable viewer for a document at `source` (an absolute, temporary URL). */
export function officeViewerUrl(provider: OfficeProvider, source: string): string {
  const encoded = encodeURIComponent(source);
  return provider === 'google'
    ? `https://docs.google.com/gview?embedded=true&url=${encoded}`
    : `https://view.officeapps.live.com/op/embed.aspx?src=${encoded}`;
}

/**
 * Whether a file has a thumbnail to show (models/thumbnails): an image, or a video or audio file
 * when the server draws posters and covers (it has ffmpeg). Folders never do.
 */
export function hasThumbnail(file: { isDirectory: boolean; mimetype: string }, posters: boolean): boolean {
  if (file.isDirectory) return false;
  const type = file.mimetype.split('/')[0];
  return type === 'image' || (posters && (type === 'video' || type === 'audio'));
}
