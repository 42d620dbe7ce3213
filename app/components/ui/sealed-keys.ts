/**
 * The keys of what this page has just sealed (an encrypted paste, encrypted uploads), until their
 * results show the links: in this page's memory only, never stored, never sent. A result finds its
 * key by the header it was sealed with (its salt is new every time); a reload finds nothing, and
 * the result says the key cannot be shown again.
 */
const keys = new Map<string, string>();
/** A page uploads a batch at most of this many files before its results are shown. */
const KEPT = 1000;

export function rememberKey(header: string, secret: string): void {
  keys.set(header, secret);
  if (keys.size > KEPT) keys.delete(keys.keys().next().value!);
}

export function keyFor(header: string): string | null {
  return keys.get(header) ?? null;
}
