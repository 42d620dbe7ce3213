import dns from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { AppError } from '~/lib/errors';
import { formatBytes } from '~/lib/format';
import { parseAllowList, type AllowList } from './allow-list';
import { isPublicAddress, sameAddress } from './ip-ranges';

/**
 * Fetching user-given URLs from the server without opening a door into our own network (SSRF).
 *
 * - Only http(s), no credentials in the URL.
 * - We resolve the name ourselves and refuse when ANY address is not public (or allow-listed),
 *   then connect to exactly one of the vetted addresses (a pinned `lookup`), and check the
 *   socket's remote address once connected: a second DNS answer (rebinding) is never used.
 * - Redirects are followed by hand, each hop vetted again.
 * - Time (headers, total) and size (bytes) are capped.
 * - Every refusal is the same `urlNotAllowed` error, so callers learn nothing about what lies
 *   behind a name (private address, DNS failure, redirect into the LAN all look alike). Failures
 *   to talk to a vetted target are `urlUnreachable`.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address (tests inject one to play a rebinding DNS server). */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /** Exceptions to the private-address ban: host names, IPs, CIDRs (see allow-list.ts). */
  allowedHosts?: readonly string[];
  /** Redirects followed at most; one more is an error. Default 5. */
  maxRedirects?: number;
  /** Connect + response headers, per hop. Default 15 s. */
  headersTimeoutMs?: number;
  /** The whole exchange, body included. Default 15 min. */
  totalTimeoutMs?: number;
  /** The body stream fails with fileTooLarge once more bytes than this arrive. */
  maxBytes?: number;
  lookup?: LookupAll;
}

export interface SafeResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** Destroy it when not read to the end: that closes the connection. */
  body: Readable;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Cloudclip-URL-Fetch/1.0';

export const urlNotAllowed = () => new AppError('invalid', 'urlNotAllowed');
export const urlUnreachable = () => new AppError('invalid', 'urlUnreachable');
const tooLarge = (max: number) => new AppError('too_large', 'fileTooLarge', { max: formatBytes(max) });

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

interface Vetted {
  url: URL;
  /** The bare host: no IPv6 brackets. */
  host: string;
  targets: ResolvedAddress[];
}

/** Parses and checks a URL and the addresses its host resolves to; throws urlNotAllowed. */
export async function vetUrl(raw: string | URL, allow: AllowList, lookup: LookupAll = systemLookup): Promise<Vetted> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw urlNotAllowed();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw urlNotAllowed();
  if (url.username || url.password) throw urlNotAllowed();
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!host) throw urlNotAllowed();

  let targets: ResolvedAddress[];
  const literal = net.isIP(host);
  if (literal) targets = [{ address: host, family: literal }];
  else {
    // A failed look-up answers like a forbidden one: no probing which internal names exist.
    targets = await lookup(host).catch(() => []);
  }
  if (targets.length === 0) throw urlNotAllowed();
  const nameAllowed = !literal && allow.hostAllowed(host);
  for (const { address } of targets) {
    if (!net.isIP(address)) throw urlNotAllowed();
    if (!nameAllowed && !isPublicAddress(address) && !allow.addressAllowed(address)) throw urlNotAllowed();
  }
  // IPv4 first: many hosts have no IPv6 route, and every target is vetted anyway.
  targets = [...targets].sort((a, b) => a.family - b.family);
  return { url, host, targets };
}

/** A `lookup` for http.request that answers only the vetted address, in both callback styles. */
function pinnedLookup(target: ResolvedAddress): net.LookupFunction {
  return ((_host: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    if (typeof options === 'function') [callback, options] = [options as typeof callback, {}];
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as net.LookupFunction;
}

interface Hop {
  vetted: Vetted;
  method: 'GET' | 'HEAD';
  headers: Record<string, string>;
  deadline: number;
  /** Lets the total timeout reach the request in flight. */
  track: (request: http.ClientRequest) => void;
}

/** One request to one vetted address. Rejects with urlUnreachable on any network failure. */
function requestOnce(hop: Hop, target: ResolvedAddress): Promise<IncomingMessage> {
  const { url, host } = hop.vetted;
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const request = lib.request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers: { host: url.host, 'user-agent': USER_AGENT, 'accept-encoding': 'identity', ...hop.headers },
      // No pooled sockets: each request connects to the address vetted for it.
      agent: false,
      lookup: pinnedLookup(target),
      ...(net.isIP(host) ? {} : { servername: host }),
    });
    hop.track(request);
    // Belt and braces: once connected, the socket must really be talking to the vetted address.
    request.once('socket', (socket) =>
      socket.once('connect', () => {
        if (!sameAddress(socket.remoteAddress ?? '', target.address)) request.destroy(urlNotAllowed());
      }),
    );
    const timer = setTimeout(() => request.destroy(urlUnreachable()), Math.max(0, hop.deadline - Date.now()));
    request.once('response', (response) => {
      clearTimeout(timer);
      resolve(response);
    });
    request.once('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof AppError ? error : urlUnreachable());
    });
    request.end();
  });
}

/** Tries the vetted addresses in turn until one answers (an IPv6 address may have no route). */
async function requestHop(hop: Hop): Promise<IncomingMessage> {
  let last: unknown = urlUnreachable();
  for (const target of hop.vetted.targets) {
    if (Date.now() >= hop.deadline) break;
    try {
      return await requestOnce(hop, target);
    } catch (error) {
      if (error instanceof AppError && error.messageKey !== 'urlUnreachable') throw error;
      last = error;
    }
  }
  throw last;
}

/** The response body behind a byte cap; network errors become urlUnreachable. */
function cappedBody(response: IncomingMessage, maxBytes: number, onClose: () => void): Readable {
  let seen = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) return done(tooLarge(maxBytes));
      done(null, chunk);
    },
  });
  // Includes a connection cut before the declared length arrived ("aborted"): a failure, not a short file.
  response.on('error', (error) => body.destroy(error instanceof AppError ? error : urlUnreachable()));
  response.pipe(body);
  body.once('close', () => {
    onClose();
    if (!response.complete) response.destroy();
  });
  return body;
}

export async function safeFetch(raw: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const allow = parseAllowList(options.allowedHosts ?? []);
  const maxRedirects = options.maxRedirects ?? 5;
  const headersTimeout = options.headersTimeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  let method = options.method ?? 'GET';

  // The total timeout destroys whatever is in flight: a request, then the body stream.
  let inFlight: { destroy: (error: Error) => void } | null = null;
  let expired = false;
  const total = setTimeout(
    () => {
      expired = true;
      inFlight?.destroy(urlUnreachable());
    },
    options.totalTimeoutMs ?? 15 * 60_000,
  );
  total.unref();

  try {
    let current: string | URL = raw;
    for (let redirects = 0; ; redirects++) {
      const vetted = await vetUrl(current, allow, options.lookup);
      if (expired) throw urlUnreachable();
      const response = await requestHop({
        vetted,
        method,
        headers: options.headers ?? {},
        deadline: Date.now() + headersTimeout,
        track: (request) => (inFlight = request),
      });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects >= maxRedirects) throw urlUnreachable();
        try {
          current = new URL(location, vetted.url);
        } catch {
          throw urlNotAllowed();
        }
        if (status === 303 && method !== 'HEAD') method = 'GET';
        continue;
      }
      const body = cappedBody(response, maxBytes, () => clearTimeout(total));
      inFlight = body;
      return { url: vetted.url.href, status, headers: response.headers, body };
    }
  } catch (error) {
    clearTimeout(total);
    throw error;
  }
}
