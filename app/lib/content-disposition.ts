/**
 * An RFC 6266 Content-Disposition value: an ASCII fallback name (quotes, backslashes, control
 * characters and path separators replaced) plus the exact UTF-8 name in filename*.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const clean = filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_') || 'download';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
