import https from 'node:https';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, type FileStat, type WebDAVClient } from 'webdav';
import { NotPooled, pooledGet, poolable } from '../pooled-get.server';
import { stallGuard } from '../../stall-guard';
import { explainedRead, networkFailure, RemoteFsError, type RemoteEntry, type RemoteFs } from './remote-fs';

export interface WebDavOptions {
  /** The server's URL (http or https), up to the folder the account sees. */
  url: string;
  username: string;
  password: string;
  /** Check the server's certificate (on unless the storage turned it off). */
  tlsVerify: boolean;
}

/** What a failed WebDAV call means: its HTTP status, or the network error under it. */
function failureOf(error: unknown): RemoteFsError {
  if (error instanceof RemoteFsError) return error;
  const status = (error as { status?: number }).status;
  const message = error instanceof Error ? error.message : String(error);
  if (status === 404 || status === 409) return new RemoteFsError('not_found', message);
  if (status === 401) return new RemoteFsError('auth', message);
  if (status === 403) return new RemoteFsError('denied', message);
  if (status === 507) return new RemoteFsError('unavailable', `The WebDAV server is full: ${message}`);
  return new RemoteFsError(networkFailure(error) ?? 'unavailable', message);
}

/**
 * A call that has no answer this long is a server gone (a 503 above), not a request held open
 * forever. Only calls without a body stream, and a download's body that stops arriving while it
 * is read: a long upload or download may take its time.
 */
const CALL_TIMEOUT_MS = 30_000;

async function wrap<T>(run: () => Promise<T>, timeoutMs = CALL_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // (A write's body may take as long as it takes: no timer at all, as setTimeout(Infinity) fires at once.)
  const timeout = new Promise<never>((_, reject) => {
    if (Number.isFinite(timeoutMs))
      timer = setTimeout(() => reject(new RemoteFsError('timeout', 'The WebDAV server did not answer')), timeoutMs);
  });
  try {
    return await Promise.race([run(), timeout]);
  } catch (error) {
    throw failureOf(error);
  } finally {
    clearTimeout(timer);
  }
}

/** Up to 25 + 50 + … + 800 ms: far longer than any MKCOL, MOVE or PROPFIND of another request takes. */
const RETRIES = 6;

/**
 * A call asked again, after a short wait, while the server answers `status` for a moment's
 * reason. These calls send no body, so asking again is safe:
 * - 423 Locked, to a MKCOL, MOVE or COPY onto a name another request is working on. Servers built
 *   on Go's `x/net/webdav` (`rclone serve webdav`) lock the name for the length of each request
 *   and answer a second one at once with 423: two uploads making the same folder, or two writes
 *   moving onto the same file, failed one of them. A lock someone keeps (a client's LOCK) still
 *   fails, as unavailable.
 * - 500, to a PROPFIND of a file another request's MOVE is replacing: that server removes the old
 *   file, then moves the new one in, and a PROPFIND that comes in between answers 500 now and
 *   then (about once in a hundred, in a loop of six writes at once to one name, each asking for
 *   the written file). The writes' own stat failed with them (the contract's concurrent writes).
 */
async function askedAgain<T>(status: 423 | 500, run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if ((error as { status?: number }).status !== status || attempt === RETRIES) throw error;
      await sleep(25 * 2 ** attempt);
    }
  }
}

function entryOf(stat: FileStat): RemoteEntry {
  const mtime = stat.lastmod ? new Date(stat.lastmod) : null;
  return {
    name: stat.basename,
    isDir: stat.type === 'directory',
    size: stat.size,
    mtime: mtime && !Number.isNaN(mtime.getTime()) ? mtime : null,
    etag: stat.etag ? stat.etag.replace(/^W\//, '').replace(/"/g, '') : null,
  };
}

/**
 * A WebDAV server through the `webdav` package (decision 0045): PROPFIND depth 1 for folders,
 * GET with Range, a streamed PUT, and the server's own MOVE and COPY (RFC 4918), so a copy or a
 * rename sends no bytes through the app.
 */
export class WebDavFs implements RemoteFs {
  readonly features = { serverCopy: true, atomicReplace: true };
  private readonly client: WebDAVClient;
  private readonly agents: { http: http.Agent; https: https.Agent };
  /** For reads through pooledGet: the folder's URL, ending in "/", if it is plain HTTP; the Basic credentials. */
  private readonly base: URL | null;
  private readonly authorization: string | undefined;

  constructor(options: WebDavOptions) {
    this.base = poolable(options.url) ? new URL(options.url.endsWith('/') ? options.url : `${options.url}/`) : null;
    this.authorization =
      options.username || options.password
        ? `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`
        : undefined;
    this.agents = {
      http: new http.Agent({ keepAlive: true, maxSockets: 8 }),
      https: new https.Agent({ keepAlive: true, maxSockets: 8, rejectUnauthorized: options.tlsVerify }),
    };
    this.client = createClient(options.url, {
      username: options.username || undefined,
      password: options.password || undefined,
      httpAgent: this.agents.http,
      httpsAgent: this.agents.https,
      // Bodies are streamed; these caps are only for PROPFIND answers held to parse them.
      maxBodyLength: Infinity,
      maxContentLength: Infinity,
    });
  }

  async stat(path: string): Promise<RemoteEntry | null> {
    try {
      return entryOf((await wrap(() => askedAgain(500, () => this.client.stat(path)))) as FileStat);
    } catch (error) {
      if ((error as RemoteFsError).failure === 'not_found') return null;
      throw error;
    }
  }

  async readdir(path: string): Promise<RemoteEntry[] | null> {
    try {
      const stats = (await wrap(() => askedAgain(500, () => this.client.getDirectoryContents(path)))) as FileStat[];
      // A file's path answers with the file itself (PROPFIND of depth 1 on a file): it is no
      // folder, and listing it must not show the file again under its own name.
      const self = path.replace(/\/+$/, '');
      if (stats.some((stat) => stat.type === 'file' && stat.filename.replace(/\/+$/, '') === self)) return null;
      return stats.map(entryOf);
    } catch (error) {
      if ((error as RemoteFsError).failure === 'not_found') return null;
      throw error;
    }
  }

  async read(path: string, range?: { start: number; end: number }): Promise<Readable> {
    // Over plain HTTP, into reused buffers (pooled-get.server.ts); anything it does not take
    // (another status, a refused connection) goes through the package, which explains it.
    if (this.base) {
      try {
        // Joined as the package joins it (a name like "a:b" would be a scheme as a relative URL).
        const url = new URL(this.base.href + path.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/'));
        const headers: Record<string, string> = {};
        if (this.authorization) headers.authorization = this.authorization;
        if (range) headers.range = `bytes=${range.start}-${range.end}`;
        // The body explains its own failures, with no stream in between (explainedRead's), and
        // is cut when the server stops sending while it is read.
        const { body } = await pooledGet(url, {
          headers,
          expect: range ? 206 : 200,
          headersTimeoutMs: CALL_TIMEOUT_MS,
          idleMs: CALL_TIMEOUT_MS,
          explain: failureOf,
        });
        return body;
      } catch (error) {
        if (!(error instanceof NotPooled)) throw failureOf(error);
      }
    }
    const stream = this.client.createReadStream(path, range ? { range } : {}) as Readable;
    // The request starts inside the package: its failure arrives on the stream. A body that stops
    // arriving is cut as S3's are (stall-guard.ts).
    return stallGuard(explainedRead(stream, failureOf), CALL_TIMEOUT_MS);
  }

  write(path: string, body: Readable, size?: number): Promise<void> {
    return wrap(async () => {
      await this.client.putFileContents(path, body, { overwrite: true, contentLength: size ?? false });
    }, Infinity);
  }

  async mkdirs(path: string): Promise<void> {
    try {
      await wrap(() => askedAgain(423, () => this.client.createDirectory(path, { recursive: true })));
    } catch (error) {
      // A folder made meanwhile (a concurrent write), or one the server had just removed and still
      // half-knew (rclone answered MKCOL with 405 right after a DELETE): there now is what was wanted.
      if (!(await this.stat(path))?.isDir) throw error;
    }
  }

  removeFile(path: string): Promise<void> {
    return wrap(() => this.client.deleteFile(path));
  }

  removeDir(path: string): Promise<void> {
    return wrap(() => this.client.deleteFile(path.endsWith('/') ? path : `${path}/`));
  }

  rename(from: string, to: string): Promise<void> {
    return wrap(() => askedAgain(423, () => this.client.moveFile(from, to, { overwrite: true })));
  }

  copy(from: string, to: string): Promise<void> {
    return wrap(() => askedAgain(423, () => this.client.copyFile(from, to, { overwrite: true })));
  }

  async close(): Promise<void> {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
