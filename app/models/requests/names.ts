import { FILENAME_MAX_BYTES, withoutBidi } from '~/lib/filename';

/**
 * The names files get in an upload request's folder (issue 30): whatever a visitor's client sends,
 * the name is one plain segment that every storage, every operating system and every header can
 * carry, and never one of the app's own (`.cloudclip-…`) or a hidden file's.
 */
export function cleanUploadName(raw: string): string {
  const base = withoutBidi(raw.split(/[\\/]/).pop() ?? '');
  const cleaned = base
    // Control characters, and what Windows or a header cannot hold.
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    // Not hidden, not "." or "..", no trailing dots or spaces (Windows drops them).
    .replace(/^\.+/, '_')
    .replace(/[. ]+$/, '');
  return truncateBytes(cleaned || 'file', FILENAME_MAX_BYTES);
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
function truncateBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let out = '';
  for (const char of text) {
    if (Buffer.byteLength(out + char) > max) break;
    out += char;
  }
  return out;
}
