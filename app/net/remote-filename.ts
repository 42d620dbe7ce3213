import { FILENAME_MAX_BYTES, withoutBidi } from '~/lib/filename';

/**
 * The file name of a remote URL (docs/product/api.md §3.9): the last path segment when it has a dot (a file
 * extension), else the Content-Disposition filename, else "download". The result is always a
 * name our upload checks accept: remote servers are untrusted, so separators, quotes and control
 * characters are replaced and the length is capped.
 */
export function remoteFilename(url: string | URL, contentDisposition?: string | null): string {
  const fromPath = lastSegment(url);
  if (fromPath && fromPath.includes('.')) return cleanName(fromPath);
  const fromHeader = contentDisposition ? dispositionFilename(contentDisposition) : null;
  return cleanName(fromHeader ?? '');
}

function lastSegment(url: string | URL): string | null {
  try {
    const segment = new URL(url).pathname.split('/').pop() ?? '';
    return safeDecode(segment);
  } catch {
    return null;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * filename* (RFC 5987: charset'language'percent-encoded) wins over filename (RFC 6266 §4.3);
 * filename may be a token or a quoted string with backslash escapes.
 */
export function dispositionFilename(header: string): string | null {
  const extended = /(?:^|;)\s*filename\*\s*=\s*([\w!#$%&+^`{}~-]+)'[^']*'([^;\s]+)/i.exec(header);
  if (extended) {
    const charset = (extended[1] ?? '').toLowerCase();
    const value = extended[2] ?? '';
    if (charset === 'utf-8') return safeDecode(value);
    if (charset === 'iso-8859-1')
      return value.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return (quoted[1] ?? '').replace(/\\(.)/g, '$1');
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s"]+)/i.exec(header);
  return token?.[1] ?? null;
}

function cleanName(name: string): string {
  // A Windows-style or traversal-style name keeps only its last part.
  let clean = withoutBidi(name.split(/[/\\]/).pop() ?? '');
  clean = clean.replace(/[\u0000-\u001f\u007f"]/g, '_').trim();
  if (clean === '' || clean === '.' || clean === '..') return 'download';
  return keepTail(clean, FILENAME_MAX_BYTES);
}

/** The longest ending of `text` within `max` UTF-8 bytes: the extension survives a cut. */
function keepTail(text: string, max: number): string {
  const chars = [...text];
  let bytes = 0;
  let start = chars.length;
  while (start > 0 && bytes + Buffer.byteLength(chars[start - 1]!, 'utf8') <= max) {
    bytes += Buffer.byteLength(chars[start - 1]!, 'utf8');
    start--;
  }
  return chars.slice(start).join('');
}
