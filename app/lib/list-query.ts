/**
 * The query of the admin lists (text and file management): `?q=` searches, `?page=` pages.
 * Pure and client-safe.
 */

/** Searches shorter than this (in characters) are not applied. */
export const SEARCH_MIN = 2;

export function pageOf(value: string | null): number {
  const n = value && /^\d{1,9}$/.test(value) ? Number(value) : 1;
  return n >= 1 ? n : 1;
}

/** The search as typed (trimmed, at most 200 characters), the one applied, and the page. */
export function listQueryOf(params: URLSearchParams) {
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const tooShort = q !== '' && Array.from(q).length < SEARCH_MIN;
  return { q, search: tooShort ? '' : q, tooShort, page: pageOf(params.get('page')) };
}

/** Where an action sends the reader back to: the list's search and page as they were. */
export function listReturnOf(params: URLSearchParams) {
  return { q: (params.get('q') ?? '').trim(), page: pageOf(params.get('page')) };
}
