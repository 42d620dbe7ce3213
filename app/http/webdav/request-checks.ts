import type { Request } from 'express';
import type { AppConfig } from '~/config.server';

/**
 * Headers nephele reads too loosely, checked before it (issue 27 B4; docs/architecture.md §8). Each
 * of these wrote or replaced data on a request that should have been refused.
 */

/** RFC 9110 §8.3.1 media type: type "/" subtype *( OWS ";" OWS name=value ). */
const MEDIA_TYPE =
  /^\s*[!#$%&'*+.^`|~\w-]+\/[!#$%&'*+.^`|~\w-]+(\s*;\s*[!#$%&'*+.^`|~\w-]+=([!#$%&'*+.^`|~\w-]+|"([^"\\]|\\.)*"))*\s*;?\s*$/;

const DESTINATION_METHODS = new Set(['COPY', 'MOVE']);
const XML_METHODS = new Set(['PROPFIND', 'PROPPATCH', 'LOCK']);

/** The origins a Destination may name: this request's, and the configured public and self URLs. */
function ownOrigins(req: Request, config: Pick<AppConfig, 'publicUrl' | 'selfUrl'>): Set<string> {
  const origins = new Set([`${req.protocol}://${req.get('host')}`]);
  for (const url of [config.publicUrl, config.selfUrl]) if (url) origins.add(new URL(url).origin);
  return origins;
}

/** A refusal: its status and the message key that explains it. */
export interface Refusal {
  status: 400 | 502;
  key: string;
}

const refuse = (key: string, status: 400 | 502 = 400): Refusal => ({ status, key });

/**
 * Whether a path as sent has a "." or ".." segment in any spelling ("%2e%2e" too): nephele reads
 * the address with WHATWG URL, which resolves those before any gate sees the path, so
 * "/dav/team/a/%2e%2e" reached "/dav/team" — a path no other door would accept (issue 45: the same
 * table of hostile paths on every door). Such a request is refused as it is.
 */
function hasDotSegment(rawPath: string): boolean {
  return rawPath.split('/').some((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A malformed escape is refused later, as a malformed URL.
    }
    return decoded === '.' || decoded === '..';
  });
}

/** The refusal a request earns before nephele sees it, or null. */
export function requestProblem(req: Request, config: Pick<AppConfig, 'publicUrl' | 'selfUrl'>): Refusal | null {
  if (hasDotSegment(req.originalUrl.split('?')[0]!)) return refuse('davPathInvalid');
  // RFC 9110 §14.5: a server that does not do partial PUTs must refuse one, not store the fragment as the file.
  if (req.method === 'PUT' && req.get('Content-Range') !== undefined) return refuse('davContentRangeUnsupported');
  // nephele parses the type of the XML bodies it reads, and threw (500) on one that does not parse.
  const contentType = req.get('Content-Type');
  if (XML_METHODS.has(req.method) && contentType !== undefined && !MEDIA_TYPE.test(contentType))
    return refuse('davContentTypeInvalid');
  if (!DESTINATION_METHODS.has(req.method)) return null;
  // RFC 4918 §10.6: "T" or "F", nothing else (a lenient reading overwrote on "maybe" and "f").
  const overwrite = req.get('Overwrite');
  if (overwrite !== undefined && overwrite !== 'T' && overwrite !== 'F') return refuse('davOverwriteInvalid');
  const destination = req.get('Destination');
  if (destination === undefined) return null;
  if (hasDotSegment(destination.split('?')[0]!.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')))
    return refuse('davDestinationInvalid');
  let url: URL;
  try {
    url = new URL(destination, `${req.protocol}://${req.get('host')}${req.originalUrl}`);
    decodeURIComponent(url.pathname);
  } catch {
    return refuse('davDestinationInvalid');
  }
  if (/%(?![0-9a-f]{2})/i.test(url.pathname)) return refuse('davDestinationInvalid');
  // RFC 4918 §9.8.5: another server or URL namespace is a 502; it was written under /dav instead.
  const inside = url.pathname === req.baseUrl || url.pathname.startsWith(`${req.baseUrl}/`);
  if (!ownOrigins(req, config).has(url.origin) || !inside) return refuse('davDestinationForeign', 502);
  return null;
}
