import {
  ForbiddenError,
  InsufficientStorageError,
  PropertyIsProtectedError,
  PropertyNotFoundError,
  type Properties,
} from 'nephele';
import { hash } from 'node:crypto';
import { AppError } from '~/lib/errors';
import type { DavNode } from '~/models/fs/dav/nodes.server';
import { patchDeadProps } from '~/models/fs/dav/properties.server';
import { fromModel } from './errors';
import type { DavResource } from './resource';

/**
 * The properties of a resource (RFC 4918 §15): the live ones from what storage says of it, the
 * dead ones a client stored with PROPPATCH (models/fs/dav/properties.server.ts). A folder has no
 * length or type: leaving them out keeps a listing lean (Windows refuses a PROPFIND answer over
 * 1 MB by default).
 */
const PROTECTED = new Set([
  'creationdate',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'resourcetype',
  'supportedlock',
  'lockdiscovery',
]);

/** Virtual folders have no dates of their own: they show when the server started. */
const STARTED = new Date();

const SUPPORTED_LOCK = {
  lockentry: [
    { lockscope: { exclusive: {} }, locktype: { write: {} } },
    { lockscope: { shared: {} }, locktype: { write: {} } },
  ],
};

/** SUPPORTED_LOCK as nephele writes it, for listings written without it (fast-propfind.ts). */
export const SUPPORTED_LOCK_XML =
  '<supportedlock><lockentry><lockscope><exclusive/></lockscope><locktype><write/></locktype></lockentry>' +
  '<lockentry><lockscope><shared/></lockscope><locktype><write/></locktype></lockentry></supportedlock>';

type Value = string | object | object[];

/** The live properties of a file or folder that are text, and whether it is a folder. */
export interface LiveProperties {
  collection: boolean;
  creationdate: string;
  displayname: string;
  getetag: string;
  getlastmodified: string;
  getcontentlength?: string;
  getcontenttype?: string;
}

/** Files have the storage's ETag; folders one made from their path (they have no content). */
export function etagOf(path: string, node: DavNode | null): string {
  return node?.etag ?? hash('sha1', path).slice(0, 16);
}

/** What storage says of a resource, as live properties (a folder has no length or type). */
export function liveProperties(path: string, node: DavNode | null, newIsCollection = false): LiveProperties {
  const modified = node?.modified ?? STARTED;
  const collection = node ? node.isCollection : newIsCollection;
  const live: LiveProperties = {
    collection,
    creationdate: modified.toISOString(),
    displayname: path.slice(path.lastIndexOf('/') + 1),
    getetag: JSON.stringify(etagOf(path, node)),
    getlastmodified: modified.toUTCString(),
  };
  if (!collection) {
    live.getcontentlength = String(node?.size ?? 0);
    live.getcontenttype = node?.contentType ?? 'application/octet-stream';
  }
  return live;
}

export class DavProperties implements Properties {
  constructor(readonly resource: DavResource) {}

  private async live(): Promise<Record<string, Value>> {
    const { collection, getcontentlength, getcontenttype, ...named } = liveProperties(
      this.resource.path,
      this.resource.node,
      await this.resource.isCollection(),
    );
    // In the order nephele writes them: name and dates, the folder mark, then a file's length and type.
    return {
      ...named,
      resourcetype: collection ? { collection: {} } : {},
      supportedlock: SUPPORTED_LOCK,
      ...(collection ? {} : { getcontentlength: getcontentlength!, getcontenttype: getcontenttype! }),
    };
  }

  private async dead(): Promise<Map<string, unknown>> {
    return this.resource.adapter.deadProps(this.resource.path);
  }

  async get(name: string) {
    const dead = await this.dead();
    if (dead.has(name) && !PROTECTED.has(name)) return dead.get(name) as Value;
    const live = await this.live();
    if (name in live) return live[name]!;
    throw new PropertyNotFoundError(`${name} is not set`);
  }

  getByUser(name: string) {
    return this.get(name);
  }

  async set(name: string, value: Value | undefined) {
    const errors = await this.runInstructions([['set', name, value]]);
    if (errors?.[0]) throw errors[0][1];
  }

  setByUser(name: string, value: Value | undefined) {
    return this.set(name, value);
  }

  async remove(name: string) {
    const errors = await this.runInstructions([['remove', name, undefined]]);
    if (errors?.[0]) throw errors[0][1];
  }

  removeByUser(name: string) {
    return this.remove(name);
  }

  /** All or nothing: one protected name refuses the whole PROPPATCH. */
  async runInstructions(instructions: ['set' | 'remove', string, unknown][]) {
    if (this.resource.readOnly)
      return instructions.map(([, name]) => [name, new ForbiddenError('fsRootReadOnly')] as [string, Error]);
    const refused = instructions.filter(([, name]) => PROTECTED.has(name));
    if (refused.length)
      return refused.map(([, name]) => [name, new PropertyIsProtectedError(`${name} is protected`)] as [string, Error]);
    const { services, principal } = this.resource.adapter;
    try {
      await fromModel(() => patchDeadProps(services, principal, this.resource.path, instructions));
    } catch (error) {
      // RFC 4918 §9.2.1: a property the server will not record is a 507 in its propstat.
      if (!(error instanceof AppError && error.messageKey === 'davPropertyTooLarge')) throw error;
      return instructions.map(
        ([, name]) => [name, new InsufficientStorageError('davPropertyTooLarge')] as [string, Error],
      );
    }
    this.resource.adapter.forget(this.resource.path);
    return undefined;
  }

  runInstructionsByUser(instructions: ['set' | 'remove', string, unknown][]) {
    return this.runInstructions(instructions);
  }

  /**
   * What allprop answers (RFC 4918 §9.1 lets a server leave out live properties): supportedlock
   * is the same for every resource and a quarter of each entry, so it comes only when asked for.
   */
  async getAll() {
    const { supportedlock: _sameForAll, ...all }: Record<string, Value> = await this.live();
    for (const [name, value] of await this.dead()) if (!PROTECTED.has(name)) all[name] = value as Value;
    return all;
  }

  getAllByUser() {
    return this.getAll();
  }

  async list() {
    return Object.keys(await this.getAll());
  }

  listByUser() {
    return this.list();
  }

  async listLive() {
    return Object.keys(await this.live());
  }

  listLiveByUser() {
    return this.listLive();
  }

  async listDead() {
    return [...(await this.dead()).keys()].filter((name) => !PROTECTED.has(name));
  }

  listDeadByUser() {
    return this.listDead();
  }
}
