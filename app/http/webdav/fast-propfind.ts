import type { Response } from 'express';
import type { Plugin } from 'nephele';
import type { DavAdapter } from './adapter';
import { liveProperties, SUPPORTED_LOCK_XML, type LiveProperties } from './properties';
import type { DavResource } from './resource';

/**
 * A PROPFIND listing written by us, streamed (issue 29 item 6). nephele makes every member of a
 * listing a resource of its own and asks, per member, whether it is an adapter's root and who its
 * parent is (URLs parsed and built for each), then builds the whole multistatus as an object tree
 * before it writes a byte: 10,000 entries took a second, three times `rclone serve webdav`.
 *
 * Only what needs nothing but the live properties is answered here: Depth 0 or 1; no body, allprop
 * without `include`, or a `prop` of DAV: live properties; no dead property and no lock on the
 * resource or its members. Anything else (propname, other namespaces, dead properties, locks) is
 * left to nephele, whose answer litmus holds to RFC 4918. The XML is nephele's own, element for
 * element, so a client sees the same answer either way (tests/integration/webdav-access.test.ts).
 */

/** The live properties in the order nephele writes them for allprop (properties.ts, less supportedlock). */
const ALLPROP = [
  'creationdate',
  'displayname',
  'getetag',
  'getlastmodified',
  'resourcetype',
  'getcontentlength',
  'getcontenttype',
  'lockdiscovery',
] as const;
type Name = (typeof ALLPROP)[number] | 'supportedlock';
const KNOWN = new Set<string>([...ALLPROP, 'supportedlock']);

/** Entries written per chunk: big enough to keep writes few, small enough to stream. */
const CHUNK = 200;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/** Text as nephele's XML writer escapes it (most names and values need nothing). */
const escapeXml = (text: string) => (/[&<>]/.test(text) ? text.replace(/[&<>]/g, (c) => ENTITIES[c]!) : text);

function element(name: Name, live: LiveProperties): string | null {
  switch (name) {
    case 'resourcetype':
      return live.collection ? '<resourcetype><collection/></resourcetype>' : '<resourcetype/>';
    case 'lockdiscovery':
      return '<lockdiscovery/>'; // answered here only when nothing is locked
    case 'supportedlock':
      return SUPPORTED_LOCK_XML;
    default: {
      const value = live[name];
      return value === undefined ? null : `<${name}>${escapeXml(value)}</${name}>`;
    }
  }
}

/**
 * One member's <response>, as nephele writes it: what it has in a 200 propstat (none when it has
 * nothing asked for), lockdiscovery last, what it has not in a 404 propstat with nephele's words.
 */
function responseOf(href: string, live: LiveProperties, names: readonly Name[], allprop: boolean): string {
  const found: string[] = [];
  const missing: string[] = [];
  for (const name of names) {
    if (name === 'lockdiscovery') continue;
    const xml = element(name, live);
    if (xml) found.push(xml);
    else if (!allprop) missing.push(name);
  }
  if (allprop || names.includes('lockdiscovery')) found.push(element('lockdiscovery', live)!);
  const ok = found.length ? `<propstat><status>HTTP/1.1 200 OK</status><prop>${found.join('')}</prop></propstat>` : '';
  const words = missing.length === 1 ? 'property was' : 'properties were';
  const notFound = missing.length
    ? `<propstat><status>HTTP/1.1 404 Not Found</status><responsedescription>The ${missing.join(', ')} ${words} not found.</responsedescription><prop>${missing.map((name) => `<${name}/>`).join('')}</prop></propstat>`
    : '';
  return `<response><href>${escapeXml(href)}</href>${ok}${notFound}</response>`;
}

/** The names asked for, or null when the body asks for something only nephele answers. */
function requestedNames(xml: Record<string, unknown> | null): { names: readonly Name[]; allprop: boolean } | null {
  if (xml === null) return { names: ALLPROP, allprop: true };
  const propfind = xml.propfind as Record<string, unknown[]> | undefined;
  if (!propfind || 'propname' in propfind || 'include' in propfind) return null;
  const asked = Object.keys(propfind).filter((key) => key !== '$');
  if (asked.length === 1 && asked[0] === 'allprop') return { names: ALLPROP, allprop: true };
  if (asked.length !== 1 || asked[0] !== 'prop') return null;
  const names = (propfind.prop ?? []).flatMap((prop) => Object.keys(prop as object).filter((name) => name !== '$'));
  return names.every((name) => KNOWN.has(name)) ? { names: names as Name[], allprop: false } : null;
}

/** Until the client has read what was written, or is gone. */
function drained(response: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Writes `chunks` to the response, waiting whenever the client reads slower than we write. */
async function stream(response: Response, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) {
    if (!response.write(chunk)) await drained(response);
    if (response.destroyed) return;
  }
  response.end();
}

export const fastPropfindPlugin: Plugin = {
  async beforePropfind(request, response, { method, resource, depth }) {
    if (depth !== '0' && depth !== '1') return;
    const body = await method.getBodyXML(request, response);
    const asked = requestedNames(body ? ((await method.parseXml(body)).output as Record<string, unknown>) : null);
    if (!asked) return;
    const root = resource as DavResource;
    const adapter = root.adapter as DavAdapter;
    const members = depth === '1' && (await root.isCollection()) ? await root.getInternalMembers() : [];
    const all = [root, ...members];
    for (const entry of all) {
      if ((await adapter.deadProps(entry.path)).size || (await adapter.locksOn(entry.path)).length) return;
    }
    const base = root.baseUrl.pathname.replace(/\/$/, '');
    const chunks = function* () {
      yield '<?xml version="1.0" encoding="UTF-8"?><multistatus xmlns="DAV:">';
      for (let i = 0; i < all.length; i += CHUNK) {
        yield all
          .slice(i, i + CHUNK)
          .map((entry) => {
            const live = liveProperties(entry.path, entry.node);
            const encoded = entry.path.split('/').map(encodeURIComponent).join('/');
            const href = entry.path === '/' ? `${base}/` : `${base}${encoded}${live.collection ? '/' : ''}`;
            return responseOf(href, live, asked.names, asked.allprop);
          })
          .join('');
      }
      yield '</multistatus>';
    };
    response.status(207).type('application/xml; charset=utf-8');
    await stream(response, chunks());
    return false;
  },
};
