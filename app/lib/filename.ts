/** Upload file names (client-safe): what we accept, and the safe form used inside object keys. */
export const FILENAME_MAX_BYTES = 255;

export type FilenameProblem = 'filenameInvalid' | 'filenameTooLong';

/**
 * Bidirectional-text controls (U+202A–202E, U+2066–2069, and the marks U+200E, U+200F, U+061C): in
 * a name they reorder what is shown, so "invoice\u202Etxt.exe" reads as "invoiceexe.txt" (issue 42,
 * item 12). Every door treats them as the other control characters: stripped from names it cleans,
 * refused in names it is given.
 */
export const BIDI_CONTROLS = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';
const BIDI = new RegExp(`[${BIDI_CONTROLS}]`, 'g');

/** A name without its bidirectional-text controls. */
export const withoutBidi = (name: string) => name.replace(BIDI, '');

/**
 * A file name must be a plain name: no path separators or traversal, no control characters
 * (NUL, CR, LF…), no double quotes — anything that could break a path, a header or a log line.
 */
export function filenameProblem(name: string): FilenameProblem | null {
  if (!name || name.trim() === '' || name === '.' || name === '..') return 'filenameInvalid';
  if (/[\u0000-\u001f\u007f/\\"]/.test(name) || withoutBidi(name) !== name) return 'filenameInvalid';
  if (Buffer.byteLength(name, 'utf8') > FILENAME_MAX_BYTES) return 'filenameTooLong';
  return null;
}

/** A name safe in an object key: letters, digits, CJK, dot, dash, underscore; at most 50 characters plus the extension. */
export function safeKeyName(name: string): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext =
    dot > 0
      ? name
          .slice(dot)
          .toLowerCase()
          .replace(/[^.\w]/g, '')
          .slice(0, 16)
      : '';
  const cleanStem = [...stem.replace(/[^\p{L}\p{N}._-]+/gu, '_')].slice(0, 50).join('') || 'file';
  const result = cleanStem + ext;
  return result === '.' || result === '..' ? 'file' : result;
}

/** A sub-folder for share uploads: segments of safe characters, no traversal; "" for none. */
export function cleanSubPath(path: string | null | undefined): string | null {
  if (!path) return '';
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || /[\u0000-\u001f\u007f\\"]/.test(s))) return null;
  return segments.length ? segments.join('/') + '/' : '';
}

/** The n-th name tried for `name` (1: itself, then "report (2).pdf", "report (3).pdf"…). */
export function numberedName(name: string, n: number): string {
  if (n <= 1) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const suffix = ` (${n})${ext}`;
  return truncateBytes(stem, FILENAME_MAX_BYTES - Buffer.byteLength(suffix)) + suffix;
}

/** The longest start of `text` within `max` UTF-8 bytes, never cutting a character in two. */
export function truncateBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > max) break;
    out += char;
  }
  return out;
}
