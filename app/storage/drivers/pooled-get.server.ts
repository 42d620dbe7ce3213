import net from 'node:net';
import { Readable } from 'node:stream';
import { HTTPParser } from 'http-parser-js';
import { keepUnused, LARGE_READ_BUFFER_SIZE, lendView, takeReadBuffer } from '../read-buffers';

/**
 * A plain-HTTP GET whose body arrives in the reused read buffers of storage/read-buffers.ts, as a
 * local file's does (docs/decisions/0048-pooled-http-reads.md). The S3 and WebDAV drivers read
 * objects through it when their endpoint is `http:`; anything it does not take — `https:`, a
 * status other than the one asked for, a connection that fails before the headers — they read
 * through their client as before, which also explains the failure.
 *
 * Node's HTTP client copies every body chunk into a new buffer (decision 0028), garbage once
 * written: per 256 MiB that is 4,096 buffers and a bare proxy's CPU. Here the socket reads
 * (`net.Socket`'s `onread`) straight into a 512 KiB pool buffer (a server that sends with
 * sendfile fills it in one read), `http-parser-js` frames the body without copying, and a buffer
 * that carries one piece of body goes out lent: `pour` gives it back once the client's socket has
 * written it.
 */
export interface PooledResponse {
  status: number;
  /** Lower-cased names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: Readable;
}

export interface PooledGetOptions {
  headers: Record<string, string>;
  /** The answer wanted: 200 for a whole object, 206 for a range. Any other is handed back unread. */
  expect: number;
  /** Until the response's headers. */
  headersTimeoutMs: number;
  /**
   * Then, how long the body may stop arriving while its reader waits for more before it is cut
   * with ETIMEDOUT: storage/stall-guard.ts's rule, kept here so that no stream sits between the
   * socket and the reader (a Transform fewer per chunk). A reader that is the slow one
   * (backpressure) never cuts its own download.
   */
  idleMs: number;
  /** What a failure of the body (cut short, stalled) becomes on its stream; as it is by default. */
  explain?: (error: NodeJS.ErrnoException) => Error;
}

/**
 * How long the socket rests after a read that filled less than half its buffer. A server that
 * writes in small pieces (Swift: 64 KiB) would otherwise wake the app for each of them, and the
 * app the client: 14,700 reads and writes per GiB from Swift, 4,000 with the rest, and the app's
 * CPU per GiB from 0.86 to 0.63 s at the same speed (decision 0048). The bytes wait in the
 * kernel's socket buffer meanwhile, so a stream slower than a buffer per rest loses nothing, and
 * a faster one fills whole buffers and never rests.
 */
const REST_MS = 1;

/** How long a server may keep the connection open after the body's last byte. */
const CLOSE_GRACE_MS = 5_000;

/** Why a pooled GET did not give a body: the caller reads through its own client instead. */
export class NotPooled extends Error {}

/** Whether a URL can be read this way: plain HTTP only, as `onread` never sees TLS's plaintext. */
export function poolable(url: string): boolean {
  return URL.canParse(url) && new URL(url).protocol === 'http:';
}

/**
 * Sends the GET and resolves with the body at the headers. Rejects with NotPooled for another
 * status (the socket is closed unread) or a connection error, and with an ETIMEDOUT error when no
 * headers come in time (a server that is silent once would only be asked again).
 */
export function pooledGet(url: URL, options: PooledGetOptions): Promise<PooledResponse> {
  return new Promise((resolve, reject) => {
    const parser = new HTTPParser(HTTPParser.RESPONSE);
    /** The body's pieces the parser found in the read at hand. */
    const pieces: Buffer[] = [];
    let body: Readable | null = null;
    let complete = false;
    let waiting = false;
    let current: Buffer | null = null;
    const explain = options.explain ?? ((error: Error) => error);
    /** Before the headers the caller reads another way, unless the server is silent (`code`). */
    const fail = (reason: string, code?: string) => {
      socket.destroy();
      if (!body) reject(code ? Object.assign(new Error(reason), { code }) : new NotPooled(reason));
      else if (!complete) body.destroy(explain(Object.assign(new Error(reason), { code: code ?? 'ECONNRESET' })));
    };
    /**
     * The body is whole. The server, asked to close, closes first, so the connection's TIME_WAIT
     * is the server's, not one of our ports per read; one that does not is cut after a while.
     */
    const finish = () => {
      body!.push(null);
      socket.setTimeout(CLOSE_GRACE_MS);
    };
    const socket: net.Socket = net.connect({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || 80),
      onread: {
        buffer: () => (current = takeReadBuffer(LARGE_READ_BUFFER_SIZE)),
        callback: (length: number, buffer: Buffer): boolean => {
          current = null;
          // Past the body: only the server's close is awaited.
          if (complete) {
            keepUnused(buffer);
            return true;
          }
          pieces.length = 0;
          const parsed = parser.execute(buffer, 0, length);
          // Bytes after the body's last in the same read are parsed as a next answer (and counted
          // against the header limit): what the parser says of them is moot.
          if (parsed instanceof Error && !complete) fail(`The storage's answer could not be read: ${parsed.message}`);
          if (!body || body.destroyed) {
            if (pieces.length === 0) keepUnused(buffer);
            return !socket.destroyed;
          }
          // One piece (a sized body after its headers) goes out lent; several (chunked framing)
          // go out as they are, and the buffer is left to the collector.
          if (pieces.length === 0) keepUnused(buffer);
          else if (pieces.length === 1) pieces[0] = lendView(pieces[0]!);
          let more = true;
          for (const piece of pieces) more = body.push(piece);
          if (socket.destroyed) return false;
          if (complete) {
            finish();
            return true;
          }
          waiting = !more;
          // The reader is full: the socket pauses, and the clock with it (read() restarts both).
          if (waiting) socket.setTimeout(0);
          // A short read: the socket rests a moment so the next one finds more (see REST_MS).
          else if (length < buffer.length / 2) {
            setTimeout(() => waiting || socket.destroyed || socket.resume(), REST_MS);
            return false;
          }
          return more;
        },
      },
    });
    socket.setTimeout(options.headersTimeoutMs);
    socket.on('timeout', () => {
      if (complete) socket.destroy();
      else fail(body ? 'The storage stopped sending' : 'The storage did not answer in time', 'ETIMEDOUT');
    });
    socket.on('error', (error) => fail(error.message));
    socket.on('end', () => {
      if (complete) return;
      // A body without a length ends with the connection (the parser then completes it); any
      // other end is a cut.
      if (body && !(parser.finish() instanceof Error) && complete) finish();
      else fail('The storage closed the connection mid-answer');
    });
    socket.on('close', () => {
      if (current) keepUnused(current);
      current = null;
    });

    parser[HTTPParser.kOnBody] = (piece: Buffer) => void pieces.push(piece);
    parser[HTTPParser.kOnMessageComplete] = () => {
      complete = true;
    };
    parser[HTTPParser.kOnHeadersComplete] = ({ statusCode: status, headers: raw }) => {
      if (status !== options.expect) {
        fail(`The storage answered ${status}`);
        return 1;
      }
      const headers: Record<string, string> = {};
      for (let i = 0; i + 1 < raw.length; i += 2) headers[raw[i]!.toLowerCase()] = raw[i + 1]!;
      socket.setTimeout(options.idleMs);
      body = new Readable({
        read() {
          if (!waiting) return;
          waiting = false;
          socket.setTimeout(options.idleMs);
          socket.resume();
        },
        // A reader that stops early cuts the connection; a whole body (which a Readable destroys
        // once read) leaves it for the server to close.
        destroy(error, done) {
          if (!complete) socket.destroy();
          done(error);
        },
      });
      resolve({ status, headers, body });
      return 0;
    };

    const head = {
      host: url.host,
      'accept-encoding': 'identity',
      connection: 'close',
      ...options.headers,
    };
    const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\n${lines.join('')}\r\n`);
  });
}
