import { AsyncLocalStorage } from 'node:async_hooks';

/** Which door a request came through (the audit log's "door" column). */
export type Door = 'api' | 'webdav' | 's3' | 'page' | 'task' | 'cli';

/**
 * What the audit log needs to know about the request a model function serves, without every model
 * signature carrying it (docs/architecture.md §12, "The audit log"): the request id of its log line, the
 * client's address and the door. Set once per request by app/http/express.server.ts; work outside a
 * request (the task worker, the sweeper, the commands) has none, or sets its own.
 */
export interface RequestScope {
  requestId: string | null;
  address: string | null;
  door: Door;
  /** The request's User-Agent (share statistics tell bots apart by it). */
  userAgent?: string | null;
  /** The request's Referer and Host: the share statistics read another site's host from them, when they count. */
  referer?: string | null;
  host?: string | null;
  /**
   * The upload request whose visitor is writing (its slug): the write runs with the request's
   * creator's rights, and the audit log names the anonymous visitor, not the creator (issue 42,
   * item 13).
   */
  viaRequest?: string;
  /** What keptForRequest keeps, by name. */
  kept?: Map<string, Promise<unknown>>;
}

/** The Referer's host when it is another site's: a visitor's own navigation within the app is not a referrer. */
export function referrerHostOf(referer: string | null | undefined, ownHost: string | null | undefined): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).host.toLowerCase();
    return host && host !== ownHost?.toLowerCase() ? host.slice(0, 200) : null;
  } catch {
    return null;
  }
}

const scopes = new AsyncLocalStorage<RequestScope>();

export function inRequestScope<T>(scope: RequestScope, run: () => T): T {
  return scopes.run(scope, run);
}

export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

/**
 * What a WebDAV request reads once and asks for many times, kept for that request only: a folder
 * COPY located every member's path three times, and each time read the mounts and their storage
 * configs again (nine queries of a member's eleven). A WebDAV request never changes mounts or
 * storage configs, and nothing is kept past the request, so a change made elsewhere, on this
 * replica or another, shows from the next request on. Other doors, and work outside a request,
 * read afresh. A read that fails is not kept.
 */
export function keptForRequest<T>(name: string, load: () => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (scope?.door !== 'webdav') return load();
  const kept = (scope.kept ??= new Map());
  const found = kept.get(name) as Promise<T> | undefined;
  if (found) return found;
  const loaded = load();
  kept.set(name, loaded);
  loaded.catch(() => kept.delete(name));
  return loaded;
}

/** Runs a visitor's write to an upload request: what it records is the visitor's, via the request. */
export function asRequestVisitor<T>(slug: string, run: () => T): T {
  const scope = scopes.getStore() ?? { requestId: null, address: null, door: 'api' as const };
  return scopes.run({ ...scope, viaRequest: slug }, run);
}

/** The door of a request path: the API, WebDAV, or a page (and the resource routes beside them). */
export function doorOfPath(path: string): Door {
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path === '/dav' || path.startsWith('/dav/')) return 'webdav';
  return 'page';
}
