import { Readable } from 'node:stream';
import { MethodNotSupportedError, type Resource, type User } from 'nephele';
import type { DavNode } from '~/models/fs/dav/nodes.server';
import { davChildren, davRead } from '~/models/fs/dav/nodes.server';
import { davCopy, davDelete, davMakeCollection, davMove, davPut } from '~/models/fs/dav/write.server';
import type { DavAdapter } from './adapter';
import { fromModel } from './errors';
import { DavLockHandle } from './lock';
import { DavProperties, etagOf } from './properties';

/** One file or folder of the virtual tree, as nephele handles it; `node` is null for one not made yet. */
export class DavResource implements Resource {
  constructor(
    readonly adapter: DavAdapter,
    readonly baseUrl: URL,
    readonly path: string,
    public node: DavNode | null,
    private newIsCollection = false,
  ) {}

  private get model() {
    return { ctx: this.adapter.services, principal: this.adapter.principal };
  }

  get readOnly(): boolean {
    return this.node?.readOnly ?? false;
  }

  async getLocks() {
    return (await this.adapter.locksOn(this.path)).map((record) => DavLockHandle.of(this, record));
  }

  async getLocksByUser(user: User) {
    return (await this.getLocks()).filter((lock) => lock.username === user.username);
  }

  async createLockForUser(user: User) {
    return DavLockHandle.create(this, user.username);
  }

  async getProperties() {
    return new DavProperties(this);
  }

  async getStream(range?: { start: number; end: number }): Promise<Readable> {
    const { ctx, principal } = this.model;
    return fromModel(() => davRead(ctx, principal, this.path, range));
  }

  async setStream(input: Readable, _user: User, mediaType?: string): Promise<void> {
    if (await this.isCollection()) throw new MethodNotSupportedError('davNotAllowed');
    const { ctx, principal } = this.model;
    await fromModel(() => davPut(ctx, principal, this.path, input, { contentType: mediaType, size: bodyLength(this) }));
    this.changed();
  }

  async create(): Promise<void> {
    const { ctx, principal } = this.model;
    // A file made empty: a LOCK of a name that does not exist yet (RFC 4918 §7.3).
    await fromModel(async () => {
      if (this.newIsCollection) await davMakeCollection(ctx, principal, this.path);
      else await davPut(ctx, principal, this.path, Readable.from([]), { size: 0 });
    });
    this.changed();
  }

  async delete(): Promise<void> {
    const { ctx, principal } = this.model;
    const movedTo = this.movedTo();
    await fromModel(() => davDelete(ctx, principal, this.path, movedTo));
    this.changed();
  }

  /**
   * Where a MOVE of this very resource goes, when this delete ends it: nephele moves a folder
   * member by member and then deletes it, and the folder's shares follow it (issue 42, item 6).
   */
  private movedTo(): string | undefined {
    const { request } = this.adapter;
    const destination = request.headers.destination;
    if (request.method !== 'MOVE' || typeof destination !== 'string') return undefined;
    try {
      const moved = this.adapter.pathOf(new URL(request.originalUrl, this.baseUrl), this.baseUrl);
      return moved === this.path ? this.adapter.pathOf(new URL(destination, this.baseUrl), this.baseUrl) : undefined;
    } catch {
      return undefined;
    }
  }

  async copy(destination: URL, baseUrl: URL): Promise<void> {
    const { ctx, principal } = this.model;
    const to = this.adapter.pathOf(destination, baseUrl);
    await fromModel(async () => davCopy(ctx, principal, this.path, to, await this.isCollection()));
    this.adapter.forget(to);
  }

  async move(destination: URL, baseUrl: URL): Promise<void> {
    const { ctx, principal } = this.model;
    const to = this.adapter.pathOf(destination, baseUrl);
    await fromModel(() => davMove(ctx, principal, this.path, to));
    this.adapter.forget(to);
    this.changed();
  }

  private changed(): void {
    this.adapter.forget(this.path);
  }

  async getLength() {
    return this.node?.size ?? 0;
  }

  async getEtag() {
    return etagOf(this.path, this.node);
  }

  async getMediaType() {
    return (await this.isCollection()) ? null : (this.node?.contentType ?? 'application/octet-stream');
  }

  async getCanonicalName() {
    return this.path.slice(this.path.lastIndexOf('/') + 1);
  }

  async getCanonicalPath() {
    return (await this.isCollection()) && this.path !== '/' ? `${this.path}/` : this.path;
  }

  async getCanonicalUrl() {
    const encoded = this.path.split('/').map(encodeURIComponent).join('/');
    const slash = (await this.isCollection()) && this.path !== '/' ? '/' : '';
    return new URL(`.${encoded}${slash}`, this.baseUrl);
  }

  async isCollection() {
    return this.node ? this.node.isCollection : this.newIsCollection;
  }

  async getInternalMembers(): Promise<DavResource[]> {
    const { ctx, principal } = this.model;
    const children = await fromModel(() => davChildren(ctx, principal, this.path));
    return children.map((child) => {
      this.adapter.remember(child);
      return new DavResource(this.adapter, this.baseUrl, child.path, child);
    });
  }
}

/**
 * The body's length when the client said it and nothing changes it on the way (a chunked or
 * compressed body has none we can trust), so a direct upload can stream it in one request.
 */
function bodyLength(resource: DavResource): number | undefined {
  const request = resource.adapter.request;
  const length = request.get('Content-Length');
  const encoding = request.get('Content-Encoding');
  if (!length || !/^\d+$/.test(length) || (encoding && encoding !== 'identity')) return undefined;
  return Number(length);
}
