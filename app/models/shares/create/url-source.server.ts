import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { isAllowed } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import { remoteFilename } from '~/net/remote-filename';
import { safeFetch, vetUrl, type SafeFetchOptions, type SafeResponse } from '~/net/safe-fetch.server';
import { parseAllowList } from '~/net/allow-list';
import { urlFetchAllowedHosts } from '~/models/settings/settings.server';
import { tooLarge } from '~/storage/byte-limit';
import type { ModelContext } from '~/models/context.server';

/**
 * Remote files for URL uploads (docs/product/api.md §3.9): what a URL holds (POST /url/info) and its bytes
 * (GET /url/proxy, the no-JavaScript URL upload). Every fetch goes through safeFetch, with the
 * admin's allow-list from the settings.
 */

export interface UrlInfo {
  url: string;
  filename: string;
  contentType: string;
  size: number | null;
  lastModified: string | null;
  method: 'HEAD' | 'GET';
  corsSupported: boolean;
}

export interface UrlSource {
  /** The final URL, after redirects. */
  url: string;
  /** Capped at maxBytes; destroy it when not read to the end. */
  stream: Readable;
  filename: string;
  contentType: string;
  size: number | null;
}

/**
 * Admits one server-side fetch for the public URL endpoints (url/info, url/proxy): refused with
 * 429 past the caller's per-address rate, 503 when the server already runs its most at once.
 * Returns the release to call once the fetch is over (its stream closed).
 */
export function admitUrlFetch(ctx: ModelContext, address: string): () => void {
  const { perAddress, atOnce } = ctx.urlFetches;
  const wait = perAddress.retryAfter(address);
  if (wait > 0) throw new AppError('rate_limited', 'tooManyRequests', { seconds: wait });
  const release = atOnce.enter();
  if (!release) throw new AppError('unavailable', 'urlFetchBusy', { seconds: 5 });
  perAddress.fail(address);
  return release;
}

/** A probe needs headers only: it must not hang for minutes. */
const PROBE_TIMEOUT_MS = 20_000;

/**
 * The admin's allow-list of private hosts is for callers who may upload (an admin, a key with the
 * file permission); anyone else gets only public addresses, whatever the setting says.
 */
async function fetchOptions(
  ctx: ModelContext,
  principal: Principal,
  extra: SafeFetchOptions,
): Promise<SafeFetchOptions> {
  const allowedHosts = isAllowed(principal, 'file.upload') ? await urlFetchAllowedHosts(ctx) : [];
  return { allowedHosts, ...extra, ...ctx.net };
}

/**
 * The v0.7.3 client fetches a URL without CORS through /url/proxy without credentials (issue 28
 * B14): a private host the admin allow-listed is for uploaders only, so it stays refused — but with
 * why, instead of the "not allowed" a forbidden address gets: the server-side URL upload fetches it.
 */
async function onlyForUploaders(ctx: ModelContext, principal: Principal, url: string, error: unknown) {
  if (isAllowed(principal, 'file.upload')) return null;
  if (!(error instanceof AppError && error.messageKey === 'urlNotAllowed')) return null;
  const uploaders = parseAllowList(await urlFetchAllowedHosts(ctx));
  const allowed = await vetUrl(url, uploaders, ctx.net?.lookup).then(
    () => true,
    () => false,
  );
  return allowed ? new AppError('forbidden', 'urlProxyUploadersOnly') : null;
}

const header = (headers: IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

function sizeOf(headers: IncomingHttpHeaders): number | null {
  const text = header(headers, 'content-length');
  return text !== null && /^\d+$/.test(text) ? Number(text) : null;
}

/** The remote type when it looks like a MIME type; else a guess from the name. */
function contentTypeOf(headers: IncomingHttpHeaders, filename: string): string {
  const type = header(headers, 'content-type')?.trim() ?? '';
  const valid = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"\r\n]*"|[\w.+-]+))*$/.test(type);
  if (!valid || type.toLowerCase().startsWith('application/octet-stream')) return mimeFromFilename(filename);
  return type;
}

const ok = (status: number) => status >= 200 && status < 300;
const remoteStatus = (status: number) => new AppError('invalid', 'urlRemoteStatus', { status });

/**
 * POST /url/info: HEAD first; when HEAD is refused by the origin (405, other non-2xx) or fails on
 * the network, one GET whose body is dropped right after the headers. A refused URL (private
 * address…) is never retried. corsSupported is best effort: whether the origin lets `origin`
 * (our page) read the file directly; we send that Origin so CORS-aware servers answer it.
 */
export async function probeUrl(
  ctx: ModelContext,
  principal: Principal,
  url: string,
  { origin }: { origin: string },
): Promise<UrlInfo> {
  const options = await fetchOptions(ctx, principal, { totalTimeoutMs: PROBE_TIMEOUT_MS, headers: { origin } });
  let response: SafeResponse | null = null;
  let method: 'HEAD' | 'GET' = 'HEAD';
  try {
    response = await safeFetch(url, { ...options, method: 'HEAD' });
  } catch (error) {
    if (!(error instanceof AppError && error.messageKey === 'urlUnreachable')) throw error;
  }
  if (!response || !ok(response.status)) {
    response?.body.destroy();
    method = 'GET';
    response = await safeFetch(url, { ...options, method: 'GET' });
  }
  response.body.destroy();
  if (!ok(response.status)) throw remoteStatus(response.status);

  const { headers } = response;
  const filename = remoteFilename(url, header(headers, 'content-disposition'));
  const allowOrigin = header(headers, 'access-control-allow-origin')?.trim();
  return {
    url: new URL(url).href,
    filename,
    contentType: contentTypeOf(headers, filename),
    size: sizeOf(headers),
    lastModified: header(headers, 'last-modified'),
    method,
    corsSupported: allowOrigin === '*' || allowOrigin === origin,
  };
}

/**
 * The bytes of a URL for use on the server (proxy, URL upload): 2xx only, at most maxBytes (a
 * declared larger Content-Length is refused before reading; an undeclared one fails the stream).
 */
export async function openUrlSource(
  ctx: ModelContext,
  principal: Principal,
  url: string,
  { maxBytes }: { maxBytes: number },
): Promise<UrlSource> {
  const options = await fetchOptions(ctx, principal, { method: 'GET', maxBytes });
  const response = await safeFetch(url, options).catch(async (error: unknown) => {
    throw (await onlyForUploaders(ctx, principal, url, error)) ?? error;
  });
  const size = sizeOf(response.headers);
  if (!ok(response.status) || (size !== null && size > maxBytes)) {
    response.body.destroy();
    throw ok(response.status) ? tooLarge(maxBytes) : remoteStatus(response.status);
  }
  const filename = remoteFilename(url, header(response.headers, 'content-disposition'));
  return {
    url: response.url,
    stream: response.body,
    filename,
    contentType: contentTypeOf(response.headers, filename),
    size,
  };
}
