import { AsyncLocalStorage } from 'node:async_hooks';

/** Which door a request came through (the audit log's "door" column). */
export type Door = 'api' | 'webdav' | 'page' | 'task' | 'cli';

/**
 * What the audit log needs to know about the request a model function serves, without every model
 * signature carrying it (docs/architecture.md §1, "Audit log"): the request id of its log line, the
 * client's address and the door. Set once per request by app/http/express.server.ts; work outside a
 * request (the task worker, the sweeper, the commands) has none, or sets its own.
 */
export interface RequestScope {
  requestId: string | null;
  address: string | null;
  door: Door;
}

const scopes = new AsyncLocalStorage<RequestScope>();

export function inRequestScope<T>(scope: RequestScope, run: () => T): T {
  return scopes.run(scope, run);
}

export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}

/** The door of a request path: the API, WebDAV, or a page (and the resource routes beside them). */
export function doorOfPath(path: string): Door {
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path === '/dav' || path.startsWith('/dav/')) return 'webdav';
  return 'page';
}
