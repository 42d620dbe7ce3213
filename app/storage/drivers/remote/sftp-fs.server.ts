import { createHash } from 'node:crypto';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Client, SFTPWrapper, Stats } from 'ssh2';
import { explainedRead, networkFailure, RemoteFsError, type RemoteEntry, type RemoteFs } from './remote-fs';

export interface SftpOptions {
  host: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: string;
  /** The pinned host key ("SHA256:…", as ssh-keygen -l prints it); null only while learning it. */
  hostKeyFingerprint: string | null;
  /** SSH connections kept per storage; SFTP requests share them. */
  connections?: number;
  /** SFTP requests in flight per storage, over all its connections. */
  concurrency?: number;
}

const CONNECT_TIMEOUT_MS = 10_000;
/** What a new file and folder may be (as a umask of 022 leaves them): SFTP servers take the mode sent. */
const FILE_MODE = 0o644;
const FOLDER_MODE = 0o755;
/** Bytes buffered per SFTP stream: what ssh2 may have in flight at once (its writes go out together). */
const STREAM_WINDOW = 1024 * 1024;

/** A host key's fingerprint as OpenSSH prints it: SHA256, base64 without padding. */
export function fingerprintOf(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

/** SFTP status codes (draft-ietf-secsh-filexfer-02 §7) and the failures they mean. */
function failureOf(error: unknown): RemoteFsError {
  if (error instanceof RemoteFsError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown }).code;
  if (code === 2) return new RemoteFsError('not_found', message);
  if (code === 3) return new RemoteFsError('denied', message);
  if ((error as { level?: string }).level === 'client-authentication') return new RemoteFsError('auth', message);
  if (/timed out/i.test(message)) return new RemoteFsError('timeout', message);
  return new RemoteFsError(networkFailure(error) ?? 'unavailable', message);
}

/** Runs at most `limit` tasks at once, in the order they came. */
class Limiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

/** One SSH connection and its SFTP session, made on first use and again after it dropped. */
async function connect(options: SftpOptions, seen?: (fingerprint: string) => void) {
  // ssh2 is loaded by the first SFTP connection, not at every start of the app.
  const client = new (await import('ssh2')).Client();
  let hostKeyRefused = false;
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    client.once('ready', () => {
      // Each SFTP request waits for its answer: with Nagle's algorithm on, every small one would
      // wait out the peer's delayed ACK (~40 ms), and a 12 MiB write took 18 s on loopback.
      client.setNoDelay(true);
      client.sftp((error, session) => (error ? reject(error) : resolve(session)));
    });
    client.once('error', (error) =>
      reject(hostKeyRefused ? new RemoteFsError('host_key', 'The server’s host key has changed') : error),
    );
    client.connect({
      host: options.host,
      port: options.port,
      username: options.username,
      password: options.password || undefined,
      privateKey: options.privateKey || undefined,
      readyTimeout: CONNECT_TIMEOUT_MS,
      // A server gone without closing (a cable pulled, a VM paused) ends the connection within
      // 30 s, failing what waits on it, rather than leaving requests open forever.
      keepaliveInterval: 10_000,
      keepaliveCountMax: 3,
      hostVerifier: (key: Buffer) => {
        const fingerprint = fingerprintOf(key);
        seen?.(fingerprint);
        hostKeyRefused = options.hostKeyFingerprint !== null && fingerprint !== options.hostKeyFingerprint;
        return !hostKeyRefused;
      },
    });
  }).catch((error) => {
    client.end();
    throw failureOf(error);
  });
  return { client, sftp };
}

/** The host key a server shows (the storage test pins it on first use: docs/storage.md). */
export async function hostKeyOf(options: SftpOptions): Promise<string> {
  let fingerprint = '';
  const { client } = await connect({ ...options, hostKeyFingerprint: null }, (f) => (fingerprint = f));
  client.end();
  return fingerprint;
}

const call = <T>(run: (done: (error: Error | null | undefined, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => run((error, value) => (error ? reject(failureOf(error)) : resolve(value as T))));

function entryOf(name: string, stats: Stats): RemoteEntry {
  return { name, isDir: stats.isDirectory(), size: stats.size, mtime: new Date(stats.mtime * 1000), etag: null };
}

/**
 * An SFTP server through `ssh2` (decision 0045): a few SSH connections per storage, opened on
 * first use, reopened after a drop, and a cap on requests in flight so one storage cannot hold the
 * server's every channel. The host key must match the pinned fingerprint on every connection.
 */
export class SftpFs implements RemoteFs {
  readonly features = { serverCopy: false, atomicReplace: true };
  private readonly pool: (Promise<{ client: Client; sftp: SFTPWrapper }> | null)[];
  private next = 0;
  private readonly limiter: Limiter;

  constructor(private readonly options: SftpOptions) {
    this.pool = new Array(options.connections ?? 2).fill(null);
    this.limiter = new Limiter(options.concurrency ?? 8);
  }

  private session(): Promise<SFTPWrapper> {
    const slot = this.next++ % this.pool.length;
    let open = this.pool[slot];
    if (!open) {
      open = connect(this.options);
      this.pool[slot] = open;
      open.then(
        ({ client }) => client.once('close', () => (this.pool[slot] = null)),
        () => (this.pool[slot] = null),
      );
    }
    return open.then(({ sftp }) => sftp);
  }

  private use<T>(run: (sftp: SFTPWrapper) => Promise<T>): Promise<T> {
    return this.limiter.run(async () => run(await this.session()));
  }

  async stat(at: string): Promise<RemoteEntry | null> {
    try {
      return await this.use((sftp) =>
        call<Stats>((done) => sftp.stat(at, done)).then((s) => entryOf(path.posix.basename(at), s)),
      );
    } catch (error) {
      if (error instanceof RemoteFsError && error.failure === 'not_found') return null;
      throw error;
    }
  }

  async readdir(at: string): Promise<RemoteEntry[] | null> {
    try {
      const list = await this.use((sftp) =>
        call<{ filename: string; attrs: Stats }[]>((done) => sftp.readdir(at, done as never)),
      );
      return list.map((e) => entryOf(e.filename, e.attrs));
    } catch (error) {
      if (error instanceof RemoteFsError && error.failure === 'not_found') return null;
      throw error;
    }
  }

  async read(at: string, range?: { start: number; end: number }): Promise<Readable> {
    const sftp = await this.limiter.run(() => this.session());
    // 1 MiB at a time: ssh2 splits a read into the server's packets and asks for them together, so
    // a larger window is fewer round trips (64 KiB, its default, read 63 MiB/s on loopback).
    const window = { highWaterMark: STREAM_WINDOW };
    const stream = sftp.createReadStream(at, range ? { ...window, start: range.start, end: range.end } : window);
    return explainedRead(stream, failureOf);
  }

  write(at: string, body: Readable, _size?: number): Promise<void> {
    return this.use(async (sftp) => {
      try {
        await pipeline(body, sftp.createWriteStream(at, { mode: FILE_MODE, highWaterMark: STREAM_WINDOW }));
      } catch (error) {
        throw failureOf(error);
      }
    });
  }

  async mkdirs(at: string): Promise<void> {
    const parts = at.split('/').filter(Boolean);
    for (let i = 1; i <= parts.length; i++) {
      const dir = '/' + parts.slice(0, i).join('/');
      const entry = await this.stat(dir);
      if (entry?.isDir) continue;
      await this.use((sftp) => call<void>((done) => sftp.mkdir(dir, { mode: FOLDER_MODE }, done))).catch(
        async (error) => {
          // Made meanwhile by a concurrent write: that is what was wanted.
          if (!(await this.stat(dir))?.isDir) throw error;
        },
      );
    }
  }

  removeFile(at: string): Promise<void> {
    return this.use((sftp) => call<void>((done) => sftp.unlink(at, done)));
  }

  async removeDir(at: string): Promise<void> {
    const entries = await this.readdir(at);
    if (entries === null) throw new RemoteFsError('not_found', `No such folder: ${at}`);
    for (const entry of entries) {
      const child = path.posix.join(at, entry.name);
      if (entry.isDir) await this.removeDir(child);
      else await this.removeFile(child);
    }
    await this.use((sftp) => call<void>((done) => sftp.rmdir(at, done)));
  }

  /** OpenSSH's posix-rename replaces the target in one step; plain SFTP rename refuses to. */
  rename(from: string, to: string): Promise<void> {
    return this.use((sftp) => call<void>((done) => sftp.ext_openssh_rename(from, to, done)));
  }

  async close(): Promise<void> {
    const open = [...this.pool];
    this.pool.fill(null);
    for (const session of open) await session?.then(({ client }) => client.end()).catch(() => undefined);
  }
}
