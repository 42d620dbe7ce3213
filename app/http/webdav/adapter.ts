import type { Request } from 'express';
import { BadRequestError, ForbiddenError, Method, type Adapter, type User } from 'nephele';
import { isAllowed } from '~/auth/operations';
import { ANONYMOUS, type Principal } from '~/auth/principal';
import { deadPropsAround, type DeadProps } from '~/models/fs/dav/properties.server';
import { davNode, type DavNode } from '~/models/fs/dav/nodes.server';
import { locksAround, type DavLockRecord } from '~/models/fs/dav/locks.server';
import type { Services } from '~/services.server';
import { isWithin, parentPath } from '~/storage/vfs/path';
import { fromModel } from './errors';
import { DavResource } from './resource';

/** nephele's user, carrying who we resolved the request to. */
export interface DavUser extends User {
  principal: Principal;
}

export const principalOfUser = (user: User | undefined): Principal =>
  (user as DavUser | undefined)?.principal ?? ANONYMOUS;

/** Methods that only read (docs/product/api.md §4: WEBDAV_READ); every other one needs WEBDAV_MANAGE. */
const READ_METHODS = new Set(['OPTIONS', 'GET', 'HEAD', 'PROPFIND']);

/**
 * The one nephele adapter over every mount (docs/architecture.md §8), made per request for the
 * caller: it turns URLs into virtual paths and asks models/fs, and remembers for the length of
 * the request what it learnt (nephele asks for the same resources, and for the locks of every
 * folder above them, many times over in one request).
 */
export class DavAdapter implements Adapter {
  private nodes = new Map<string, Promise<DavNode>>();
  private locks: Promise<DavLockRecord[]> | undefined;
  private props = new Map<string, Promise<Map<string, DeadProps>>>();

  constructor(
    readonly services: Services,
    readonly principal: Principal,
    readonly request: Request,
  ) {}

  async getComplianceClasses() {
    return ['2'];
  }

  async getAllowedMethods() {
    return [];
  }

  async getOptionsResponseCacheControl() {
    return 'max-age=604800';
  }

  /** 401 for nobody; a key without the bit is refused outright (403: never 401 for the known). */
  async isAuthorized(_url: URL, method: string): Promise<boolean> {
    if (this.principal.kind === 'anonymous') return false;
    if (!isAllowed(this.principal, READ_METHODS.has(method.toUpperCase()) ? 'dav.read' : 'dav.manage'))
      throw new ForbiddenError('davForbidden');
    return true;
  }

  /** "/dav/a%20b/c" → "/a b/c" (no trailing slash); 400 for an address that does not decode. */
  pathOf(url: URL, baseUrl: URL): string {
    const rest = url.pathname.slice(baseUrl.pathname.replace(/\/?$/, '/').length);
    let segments: string[];
    try {
      segments = rest.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new BadRequestError('malformedUrl');
    }
    // An encoded "/" inside a name would make two names of one.
    if (segments.some((s) => s.includes('/'))) throw new BadRequestError('malformedUrl');
    return `/${segments.join('/')}`;
  }

  node(path: string): Promise<DavNode> {
    let node = this.nodes.get(path);
    if (!node) {
      node = fromModel(() => davNode(this.services, this.principal, path));
      // A failure is not remembered: the next ask tries again.
      node.catch(() => this.nodes.delete(path));
      this.nodes.set(path, node);
    }
    return node;
  }

  /** Learnt from a listing: members need not be looked up one by one. */
  remember(node: DavNode): void {
    this.nodes.set(node.path, Promise.resolve(node));
  }

  /** The path changed in this request: look again when next asked. */
  forget(path: string): void {
    for (const key of this.nodes.keys()) if (key === path || key.startsWith(`${path}/`)) this.nodes.delete(key);
    this.props.clear();
  }

  async getResource(url: URL, baseUrl: URL): Promise<DavResource> {
    const path = this.pathOf(url, baseUrl);
    return new DavResource(this, baseUrl, path, await this.node(path));
  }

  async newResource(url: URL, baseUrl: URL): Promise<DavResource> {
    return new DavResource(this, baseUrl, this.pathOf(url, baseUrl), null, false);
  }

  async newCollection(url: URL, baseUrl: URL): Promise<DavResource> {
    return new DavResource(this, baseUrl, this.pathOf(url, baseUrl), null, true);
  }

  getMethod(): typeof Method {
    return Method;
  }

  /**
   * The locks of a path: read once per request, for the request's path and its Destination, the
   * folders above them and everything below them (one query), and again after this request took
   * or released one.
   */
  async locksOn(path: string): Promise<DavLockRecord[]> {
    this.locks ??= fromModel(() => locksAround(this.services, this.principal, this.requestPaths()));
    return (await this.locks).filter((lock) => lock.path === path);
  }

  locksChanged(): void {
    this.locks = undefined;
  }

  private requestPaths(): string[] {
    const base = new URL(this.request.baseUrl.replace(/\/?$/, '/'), 'http://dav');
    const paths = [this.pathOf(new URL(this.request.originalUrl, 'http://dav'), base)];
    const destination = this.request.get('Destination');
    if (destination) {
      try {
        paths.push(this.pathOf(new URL(destination, 'http://dav'), base));
      } catch {
        // A Destination nephele will refuse: its locks do not matter.
      }
    }
    return paths;
  }

  /**
   * Dead properties of a path, read with those of its folder's other members (a PROPFIND of a
   * folder reads them all in one query), again after a change in this request.
   */
  async deadProps(path: string): Promise<DeadProps> {
    for (const [root, around] of this.props) if (isWithin(path, root)) return (await around).get(path) ?? new Map();
    const folder = parentPath(path);
    const around = fromModel(() => deadPropsAround(this.services, this.principal, folder));
    around.catch(() => this.props.delete(folder));
    this.props.set(folder, around);
    return (await around).get(path) ?? new Map();
  }
}
