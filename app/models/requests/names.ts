import { FILENAME_MAX_BYTES, truncateBytes, withoutBidi } from '~/lib/filename';

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
