import { createCookie } from 'react-router';
import { pasteHref } from '~/lib/hrefs';
import { VISIT_TTL_MS } from '~/models/pastes/visits.server';

/**
 * The paste page's visit (app/models/pastes/visits.server.ts) lives in a cookie scoped to that
 * page's path, so each paste has its own and no other page ever receives it. HttpOnly: no script
 * needs it.
 */
export const VISIT_COOKIE = 'cc_visit';
const visitCookie = createCookie(VISIT_COOKIE, { httpOnly: true, sameSite: 'lax', maxAge: VISIT_TTL_MS / 1000 });

export async function readVisit(request: Request): Promise<string | null> {
  const value: unknown = await visitCookie.parse(request.headers.get('cookie'));
  return typeof value === 'string' ? value : null;
}

/** The Set-Cookie header that stores a newly issued visit; none when there is nothing new to keep. */
export async function visitHeaders(slug: string, visit: string | null, previous: string | null, secure: boolean) {
  if (!visit || visit === previous) return undefined;
  return { 'Set-Cookie': await visitCookie.serialize(visit, { path: pasteHref(slug), secure }) };
}
