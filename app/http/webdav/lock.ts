import type { Lock } from 'nephele';
import { removeLock, saveLock, type DavLockRecord } from '~/models/fs/dav/locks.server';
import { fromModel } from './errors';
import type { DavResource } from './resource';

/** A lock as nephele handles it, saved through models/fs/dav/locks.server.ts. */
export class DavLockHandle implements Lock {
  token = '';
  date = new Date();
  timeout = 0;
  scope: 'exclusive' | 'shared' = 'exclusive';
  depth: '0' | 'infinity' = '0';
  provisional = false;
  owner: unknown = undefined;

  private constructor(
    readonly resource: DavResource,
    readonly username: string,
  ) {}

  static create(resource: DavResource, username: string): DavLockHandle {
    return new DavLockHandle(resource, username);
  }

  static of(resource: DavResource, record: DavLockRecord): DavLockHandle {
    const lock = new DavLockHandle(resource, record.username);
    lock.token = record.token;
    lock.date = record.refreshedAt;
    lock.timeout = record.timeoutMs;
    lock.scope = record.scope;
    lock.depth = record.depth;
    lock.provisional = record.provisional;
    lock.owner = record.owner;
    return lock;
  }

  async save(): Promise<void> {
    const { services, principal } = this.resource.adapter;
    await fromModel(() =>
      saveLock(services, principal, {
        token: this.token,
        path: this.resource.path,
        username: this.username,
        scope: this.scope,
        depth: this.depth,
        owner: this.owner,
        timeoutMs: this.timeout,
        provisional: this.provisional,
        refreshedAt: this.date,
      }),
    );
    this.resource.adapter.locksChanged();
  }

  async delete(): Promise<void> {
    const { services, principal } = this.resource.adapter;
    await fromModel(() => removeLock(services, principal, this.token));
    this.resource.adapter.locksChanged();
  }
}
