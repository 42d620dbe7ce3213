import { PassThrough, type Readable } from 'node:stream';

/**
 * What a file server gives a storage driver (docs/storage.md): WebDAV and SFTP are folders of
 * files, not object stores, so RemoteFsDriver builds the object contract (types.ts) on these few
 * calls. Paths are absolute on the server ("/" separated, unencoded); the driver never passes a
 * path outside its root folder. Each call fails with a RemoteFsError when the server says why.
 */
export interface RemoteEntry {
  name: string;
  isDir: boolean;
  size: number;
  mtime: Date | null;
  /** Without quotes; WebDAV gives one when the server has it, SFTP never. */
  etag: string | null;
}

export interface RemoteFs {
  /** What the server can do, declared by its driver (docs/storage.md, "What works"). */
  readonly features: {
    /** COPY on the server: no bytes through the app. */
    serverCopy: boolean;
    /** A rename replaces an existing file in one step. */
    atomicReplace: boolean;
  };
  stat(path: string): Promise<RemoteEntry | null>;
  /** The entries of one folder; null when the folder does not exist. */
  readdir(path: string): Promise<RemoteEntry[] | null>;
  /** From `start` to `end` inclusive (both in range), or the whole file. */
  read(path: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Writes the whole stream to `path` (its folder exists); `size` when known. */
  write(path: string, body: Readable, size?: number): Promise<void>;
  /** Makes the folder and its missing parents. */
  mkdirs(path: string): Promise<void>;
  removeFile(path: string): Promise<void>;
  /** The folder and everything in it. */
  removeDir(path: string): Promise<void>;
  /** Replaces `to` when it exists. */
  rename(from: string, to: string): Promise<void>;
  /** Only when features.serverCopy. */
  copy?(from: string, to: string): Promise<void>;
  close(): Promise<void>;
}

export type RemoteFailure =
  'not_found' | 'denied' | 'auth' | 'dns' | 'refused' | 'timeout' | 'tls' | 'host_key' | 'unavailable';

/** A failure the server (or the way to it) explains; RemoteFsDriver maps it to a StorageError. */
export class RemoteFsError extends Error {
  constructor(
    readonly failure: RemoteFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RemoteFsError';
  }
}

/** What a network error's code says, for RemoteFsError (DNS, refused, TLS, timeout). */
export function networkFailure(error: unknown): RemoteFailure | null {
  const code = String(
    (error as { code?: unknown })?.code ?? (error as { cause?: { code?: unknown } })?.cause?.code ?? '',
  );
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ETIMEDOUT' || code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_CONNECT_TIMEOUT')
    return 'timeout';
  if (/CERT|SSL|TLS|SELF_SIGNED/.test(code)) return 'tls';
  return null;
}

/**
 * A read from the server as its reader gets it: a failure mid-read arrives explained (a server gone
 * is a 503 above, not a bare socket error), and a reader that stops — a client gone — stops the read.
 */
export function explainedRead(stream: Readable, explain: (error: unknown) => RemoteFsError): Readable {
  const out = new PassThrough();
  stream.on('error', (error) => out.destroy(explain(error)));
  out.on('close', () => stream.destroy());
  return stream.pipe(out);
}
