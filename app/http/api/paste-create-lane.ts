import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import { createPasteSchema } from '~/lib/schemas/pastes';
import { resolvePrincipal } from '~/models/accounts/principal.server';
import { createPaste } from '~/models/pastes/pastes.server';
import { inRequestScope } from '~/models/request-scope.server';
import type { Services } from '~/services.server';
import { apiErrorAnswer } from './errors';
import { JSON_LIMIT_BYTES } from './json-limit';
import { answerJson, laneScope } from './lanes';
import { presentCreatedPaste } from './presenters/pastes';

/** What body-parser reads as JSON in UTF-8 (app/http/api/index.ts): another charset takes the route. */
const PLAIN_JSON = /^application\/json(?:\s*;\s*charset="?utf-8"?)?$/i;
/** The credentials the lane reads itself: a session token or an API key, no password to check. */
const TOKEN = /^(?:bearer|apikey) \S+$/i;
/** body-parser's strict mode: a JSON body is an object or an array (anything else is malformed). */
const FIRST_CHAR = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d])/;

/**
 * POST /api/paste, answered before Express (decision 0046): the write every script and client makes
 * to share text, where Express's apps, routers and middleware cost more than the insert itself
 * (bench/writes.bench.mjs). It takes the plain case — a JSON body of a declared length, a Bearer or
 * ApiKey header, no cookie — and everything else goes on to the route untouched (a session cookie
 * and its same-origin check, Basic and X-Custom-Auth-Key, chunked or compressed bodies, other
 * charsets, bodies over the limit). Once it has read the body it answers, as the route would: the
 * same model calls (resolvePrincipal, then createPaste with the route's schema), the same
 * presenter, errors through the same apiErrorAnswer, in a request scope like Express's.
 * Returns a promise of whether it answered, or false at once.
 */
export function pasteCreateLane(services: Services, trust: (address: string, hop: number) => boolean) {
  return (req: IncomingMessage, res: ServerResponse): false | Promise<boolean> => {
    if (req.method !== 'POST' || req.url !== '/api/paste') return false;
    const { headers } = req;
    const declared = Number(headers['content-length']);
    if (!(declared >= 0 && declared <= JSON_LIMIT_BYTES) || headers['content-encoding']) return false;
    if (!PLAIN_JSON.test(headers['content-type'] ?? '') || !TOKEN.test(headers.authorization ?? '')) return false;
    if (headers.cookie !== undefined || headers['x-custom-auth-key'] !== undefined) return false;
    return bodyOf(req).then(async (body) => {
      // The client left mid-body: nothing was made, and nobody is there to answer.
      if (body === null) {
        res.destroy();
        return true;
      }
      const address = proxyaddr(req, trust);
      const scope = laneScope(req, res, address);
      await inRequestScope(scope, () => create(services, req, res, body, address));
      return true;
    });
  };
}

async function create(services: Services, req: IncomingMessage, res: ServerResponse, body: Buffer, address: string) {
  try {
    const input = createPasteSchema.parse(parseJson(body));
    const principal = await resolvePrincipal(services, {
      authorization: req.headers.authorization,
      clientAddress: address,
    });
    const paste = await createPaste(services, principal, input);
    answerJson(req, res, 200, presentCreatedPaste(paste, input, principal));
  } catch (error) {
    const { status, body: answer, retryAfter } = apiErrorAnswer(error);
    if (retryAfter) res.setHeader('Retry-After', retryAfter);
    answerJson(req, res, status, answer);
  }
}

/**
 * The body as body-parser's strict JSON parser reads it: empty is {}, a leading BOM is dropped;
 * what it refuses throws its error, which apiErrorAnswer answers as the route would.
 */
function parseJson(body: Buffer): unknown {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  if (text.length === 0) return {};
  const first = FIRST_CHAR.exec(text)?.[1];
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError('not a JSON object or array');
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw Object.assign(error as SyntaxError, { type: 'entity.parse.failed' });
  }
}

/** The whole body, or null when the client leaves before its end. */
function bodyOf(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    // After 'end' this changes nothing; before it, the request was cut short.
    req.once('close', () => resolve(null));
    // Heard here, a client that leaves is not an unhandled 'error' (app/http/request-body.ts).
    req.on('error', () => undefined);
  });
}
