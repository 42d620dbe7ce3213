/** Upload file names (client-safe): what we accept, and the safe form used inside object keys. */
export const FILENAME_MAX_BYTES = 255;

export type FilenameProblem = 'filenameInvalid' | 'filenameTooLong';

/**
 * A file name must be a plain name: no path separators or traversal, no control characters
 * (NUL, CR, LF…), no double quotes — anything that could break a path, a header or a log line.
 */
export function filenameProblem(name: string): FilenameProblem | null {
  if (!name || name.trim() === '' || name === '.' || name === '..') return 'filenameInvalid';
  if (/[\u0000-\u001f\u007f/\\"]/.test(name)) return 'filenameInvalid';
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
