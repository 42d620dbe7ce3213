/**
 * A same-site path to return to after a form post, or "/" for anything else: never an absolute URL,
 * a protocol-relative "//host" or a backslash trick that browsers treat as one.
 */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f]/.test(value)) return fallback;
  return value;
}
