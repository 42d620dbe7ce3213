import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * How long one visit keeps a paste readable in that browser without counting again: long enough
 * to reload, switch between rendered and plain text or come back from another tab; short enough
 * that a link opened tomorrow counts anew (docs/architecture.md §13).
 */
export const VISIT_TTL_MS = 15 * 60 * 1000;

/** What a visit is bound to: an edit (new content, password or limit) ends every visit. */
type Visited = { id: string; updatedAt: Date };

/** The key as a KeyObject, made once: from a Buffer, createHmac would make one on every call. */
const keyObjects = new WeakMap<Buffer, KeyObject>();

function macOf(key: Buffer, paste: Visited, until: number): Buffer {
  let keyObject = keyObjects.get(key);
  if (!keyObject) keyObjects.set(key, (keyObject = createSecretKey(key)));
  return createHmac('sha256', keyObject)
    .update(`paste-visit\0${paste.id}\0${paste.updatedAt.getTime()}\0${until}`)
    .digest();
}

/** A signed, short-lived proof that this browser has counted a view of (or unlocked) this paste. */
export function issueVisit(key: Buffer, paste: Visited, now = Date.now()): string {
  const until = now + VISIT_TTL_MS;
  return `${until}.${macOf(key, paste, until).toString('base64url')}`;
}

/** Does `token` prove a visit to this very version of the paste that has not run out yet? */
export function visitCovers(key: Buffer, token: string | null | undefined, paste: Visited, now = Date.now()) {
  const [untilText, given] = (token ?? '').split('.');
  const until = Number(untilText);
  if (!given || !Number.isSafeInteger(until) || until <= now || until > now + VISIT_TTL_MS) return false;
  const actual = Buffer.from(given, 'base64url');
  const expected = macOf(key, paste, until);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
