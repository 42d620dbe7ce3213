import type { AppConfig } from '~/config.server';

/** What the link origin needs of a request (an Express request has it). */
export interface LinkRequest {
  protocol: string;
  get(name: string): string | undefined;
}

/**
 * The origin absolute links are built on, decided once per request for every door
 * (docs/architecture.md §6): PUBLIC_URL when set, its path prefix kept. Otherwise the request's own
 * origin, but only when a browser on our pages sent it — its Origin header names that same origin,
 * or it is a navigation (Sec-Fetch-Site none or same-origin) —, else the address the server listens
 * on. A Host header alone never makes a link: a script sending `Host: evil.example` cannot put
 * another site into the links we answer with.
 */
export function linkOriginOf(req: LinkRequest, config: Pick<AppConfig, 'publicUrl' | 'selfUrl'>): string {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }
  const own = `${req.protocol}://${req.get('host')}`;
  const origin = req.get('origin');
  const site = req.get('sec-fetch-site');
  const fromOurPage = origin ? origin === own : site === 'same-origin' || site === 'none';
  return fromOurPage || !config.selfUrl ? own : config.selfUrl;
}
