import { sealedHeaderOf } from '~/lib/e2e/paste';

/**
 * The key of the paste this page has just sealed, until the result shows its link: in this page's
 * memory only, never stored, never sent. The result finds it by the envelope's header (its salt is
 * new for every paste); a reload of the result finds nothing, and says the key cannot be shown again.
 */
let pending: { header: string; secret: string } | null = null;

export function rememberKey(envelope: string, secret: string): void {
  pending = { header: sealedHeaderOf(envelope), secret };
}

export function keyFor(header: string): string | null {
  return pending?.header === header ? pending.secret : null;
}
