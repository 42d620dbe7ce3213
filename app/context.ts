import { createContext } from 'react-router';
import type { Principal } from './auth/principal';
import type { Services } from './services.server';
import type { PastePageView } from './models/pastes/page-view.server';

/** Route loaders and actions reach the domain services through this context key. */
export const servicesContext = createContext<Services>();

/** Facts about the HTTP request that the Fetch Request object does not carry. */
export interface RequestInfo {
  clientAddress: string;
  secure: boolean;
  /** Origins that count as "our own pages" for the cross-site check. */
  ownOrigins: string[];
  /** The origin absolute links are built on (app/http/link-origin.ts). */
  linkOrigin: string;
}
export const requestInfoContext = createContext<RequestInfo>();

/** Who is asking, resolved once per request by the root middleware (browser session cookie). */
export const principalContext = createContext<Principal>({ kind: 'anonymous' });

/**
 * The paste page as already opened for this request (its view counted, its visit issued) by the
 * paste page lane (app/http/html/paste-page-lane.server.ts): the loader shows it instead of opening
 * the page a second time, which would count a second view.
 */
export const openedPasteContext = createContext<PastePageView | null>(null);
