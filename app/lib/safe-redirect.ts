/**
 * A same-site path to return to after a form post, or "/" for anything else: never an absolute URL,
 * a protocol-relative "//host" or a backslash trick that browsers treat as one.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f]/.test(value)) return fallback;
  // A Location header carries bytes: spaces and characters beyond ASCII (a Chinese slug) are
  // percent-encoded, what is already encoded stays as it is; a broken string is refused.
  try {
    return value.replace(/[^\x21-\x7e]+/g, (text) => encodeURIComponent(text));
  } catch {
    return fallback;
  }
}
