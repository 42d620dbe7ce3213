import type { Response } from 'express';
import {
  ForbiddenError,
  PreconditionFailedError,
  ResourceNotFoundError,
  ResourceTreeNotCompleteError,
  type Plugin,
} from 'nephele';
import { davRedirect } from '~/models/fs/dav/nodes.server';
import { parentPath } from '~/storage/vfs/path';
import { linkOriginOf } from '../link-origin';
import { principalOfUser, type DavAdapter } from './adapter';
import { followsRedirects } from './clients';
import { fromModel } from './errors';
import type { DavResource } from './resource';

/** A DAV:error body (RFC 4918 §16) with one precondition element. */
function sendDavError(response: Response, status: number, condition: string): false {
  response
    .status(status)
    .type('application/xml; charset=utf-8')
    .send(`<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:"><D:${condition}/></D:error>\n`);
  return false;
}

async function checkDestination(destination: DavResource, exists: boolean, overwrite: string | undefined) {
  if (exists && overwrite === 'F') throw new PreconditionFailedError('davPreconditionFailed');
  const parent = await destination.adapter.node(parentPath(destination.path)).catch((error: unknown) => {
    if (error instanceof ResourceNotFoundError) return null;
    throw error;
  });
  if (!parent?.isCollection) throw new ResourceTreeNotCompleteError('fsParentMissing');
  if (!parent.inMount || destination.readOnly) throw new ForbiddenError('fsRootReadOnly');
}

/**
 * nephele empties a folder member by member before it asks the folder itself to go: a mount root
 * or the tree above the mounts must be refused before the first member moves.
 */
async function refuseReadOnly(resource: DavResource) {
  if (resource.readOnly) throw new ForbiddenError('fsRootReadOnly');
}

/**
 * The RFC 4918 answers nephele gets wrong as litmus finds them (docs/decisions/0001-nephele-for-webdav.md),
 * and the GET policy of a mount (docs/product/api.md §4). Malformed XML and LOCK without an owner
 * are fixed in nephele itself (scripts/patch-packages.mjs): no hook reaches them.
 */
export const rfcPlugin: Plugin = {
  // §9.1: a server may refuse an infinite PROPFIND; over storage it could list millions of keys.
  async prePropfind(_request, response, { depth }) {
    if (depth === 'infinity') return sendDavError(response, 403, 'propfind-finite-depth');
  },

  async preDelete(_request, _response, { resource }) {
    await refuseReadOnly(resource as DavResource);
  },

  async preMove(_request, _response, { resource }) {
    await refuseReadOnly(resource as DavResource);
  },

  // §9.8.4 / §9.9.3: "Overwrite: F" onto something that exists is a 412 for the request itself,
  // and §9.8.5: a destination whose folder does not exist is a 409 (not a 404 inside a 207).
  async beforeCopy(_request, _response, { destination, exists, overwrite }) {
    await checkDestination(destination as DavResource, exists, overwrite);
  },

  async beforeMove(_request, _response, { destination, exists, overwrite }) {
    await checkDestination(destination as DavResource, exists, overwrite);
  },

  // §9.11.1: a token that is no lock of this resource is a 409 with this precondition.
  async beforeUnlock(_request, response, { lock }) {
    if (!lock) return sendDavError(response, 409, 'lock-token-matches-request-uri');
  },

  // A mount with the 302_redirect policy sends GETs to storage, unless the client would not follow.
  async beforeGet(request, response, { resource }) {
    if (!followsRedirects(request) || (await resource.isCollection())) return;
    const adapter = resource.adapter as DavAdapter;
    const origin = linkOriginOf(request, adapter.services.config);
    const path = (resource as DavResource).path;
    const location = await fromModel(() =>
      davRedirect(adapter.services, principalOfUser(response.locals.user), path, origin),
    );
    if (!location) return;
    response.status(302).set({ Location: location, 'Cache-Control': 'no-cache' }).end();
    return false;
  },
};
