import { createContext } from 'react-router';
import type { Principal } from './auth/principal';
import type { Services } from './services.server';

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
