import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { ListingSnapshots } from './listing-snapshots';
import { RemoteFsDriver } from './remote-driver.server';
import type { RemoteEntry, RemoteFs } from './remote-fs';

/** A file server in memory that counts how often a folder is read whole. */
class CountingFs implements RemoteFs {
  readonly features = { serverCopy: false, atomicReplace: true };
  readonly files = new Map<string, string>();
  readdirs = 0;
  private entry(name: string, isDir: boolean, size = 0): RemoteEntry {
    return { name, isDir, size, mtime: null, etag: null };
  }
  async stat(at: string) {
    if (this.files.has(at)) return this.entry(path.posix.basename(at), false, this.files.get(at)!.length);
    const dir = at === '/' ? '/' : `${at}/`;
    return [...this.files.keys()].some((k) => k.startsWith(dir)) || at === '/'
      ? this.entry(path.posix.basename(at), true)
      : null;
  }
  async readdir(at: string) {
    this.readdirs++;
    const dir = at.endsWith('/') ? at : `${at}/`;
    const names = new Map<string, boolean>();
    for (const key of this.files.keys())
      if (key.startsWith(dir)) {
        const [name, ...rest] = key.slice(dir.length).split('/');
        names.set(name!, rest.length > 0);
      }
    return [...names].map(([name, isDir]) => this.entry(name, isDir));
  }
  async read(at: string) {
    return Readable.from([this.files.get(at) ?? '']);
  }
  async write(at: string, body: Readable) {
    this.files.set(at, await text(body));
  }
  async mkdirs() {}
  async removeFile(at: string) {
    this.files.delete(at);
  }
  async removeDir() {}
  async rename(from: string, to: string) {
    this.files.set(to, this.files.get(from)!);
    this.files.delete(from);
  }
  async close() {}
}

describe('remote listings kept while a caller pages through them', () => {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'listing-snapshots-'));
  afterAll(() => fs.rmSync(staging, { recursive: true, force: true }));
  const driverOver = (files: CountingFs) =>
    new RemoteFsDriver({
      type: 'webdav',
      fs: files,
      root: '/',
      configId: 'c',
      signingKey: Buffer.alloc(32),
      stagingDir: staging,
    });
  const folderOf = (count: number) => {
    const files = new CountingFs();
    for (let i = 0; i < count; i++) files.files.set(`/big/f${String(i).padStart(4, '0')}`, 'x');
    return files;
  };
  const pageThrough = async (driver: RemoteFsDriver, between?: (page: number) => Promise<void>) => {
    const keys: string[] = [];
    let cursor: string | undefined;
    let page = 0;
    do {
      const listed = await driver.list('big/', { delimiter: '/', limit: 100, cursor });
      keys.push(...listed.objects.map((o) => o.key));
      cursor = listed.cursor;
      await between?.(++page);
    } while (cursor);
    return keys;
  };

  it('reads a big folder once for all its pages, each key once and in order', async () => {
    const files = folderOf(1000);
    const keys = await pageThrough(driverOver(files));
    expect(keys).toHaveLength(1000);
    expect(new Set(keys).size).toBe(1000);
    expect(keys).toEqual([...keys].sort());
    expect(files.readdirs).toBe(1);
  });

  it('a first page always reads the folder again', async () => {
    const files = folderOf(300);
    const driver = driverOver(files);
    await pageThrough(driver);
    await pageThrough(driver);
    expect(files.readdirs).toBe(2);
  });

  it('a write through the driver mid-walk makes the next page read the folder, and it sees the write', async () => {
    const files = folderOf(300);
    const driver = driverOver(files);
    const keys = await pageThrough(driver, async (page) => {
      if (page === 1) await driver.write('big/f9999', Readable.from(['new']), { size: 3 });
    });
    expect(keys).toContain('big/f9999');
    expect(files.readdirs).toBeGreaterThan(1);
  });

  it('forgets a listing after a minute, and keeps at most four walks', () => {
    let now = 0;
    const kept = new ListingSnapshots<number>(() => now);
    kept.keep('a', [1]);
    now = 59_999;
    expect(kept.recent('a')).toEqual([1]);
    now = 60_000;
    expect(kept.recent('a')).toBeUndefined();
    for (const scope of ['b', 'c', 'd', 'e', 'f']) kept.keep(scope, [2]);
    expect(['b', 'c', 'd', 'e', 'f'].map((s) => kept.recent(s) !== undefined)).toEqual([false, true, true, true, true]);
  });
});
