import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { HttpRequest } from '@smithy/types';
import { SignatureV4Base, getCanonicalHeaders, getSigningKey } from '@smithy/signature-v4';
import { AppError } from '~/lib/errors';
import { safeEqual } from './tokens.server';

/**
 * AWS Signature Version 4 as the S3 door checks it (docs/s3.md §2, decision 0040): the
 * `Authorization` header or a presigned query string. The canonical request and the signature are
 * computed by the AWS SDK's own signer (`@smithy/signature-v4`), fed the request as the client
 * signed it, so the two cannot disagree on a rule of the canonical form; this module only reads the
 * signature's parts and compares. Payloads: `UNSIGNED-PAYLOAD`, a hex SHA-256 (checked as the body
 * streams, by the door) and the `aws-chunked` forms (chunk signatures: `chunkSigner`).
 */

/** What S3 tolerates between the client's clock and ours (RequestTimeTooSkewed beyond it). */
export const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
/** The longest a presigned URL may live: seven days, as S3 says. */
export const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;
const ALGORITHM = 'AWS4-HMAC-SHA256';
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** The request as it came over the wire. */
export interface WireRequest {
  method: string;
  /** The path as sent, still percent-encoded, without the query. */
  rawPath: string;
  /** The query's pairs, decoded. */
  query: [string, string][];
  headers: Record<string, string | string[] | undefined>;
}

/** A signature's parts, read before the secret is known. */
export interface SigV4 {
  accessKeyId: string;
  date: Date;
  longDate: string;
  region: string;
  service: string;
  scope: string;
  signedHeaders: string[];
  signature: string;
  presigned: boolean;
  /** x-amz-content-sha256: UNSIGNED-PAYLOAD, a hex digest, or a STREAMING-… form. */
  payload: string;
}

const malformed = () => new AppError('invalid', 's3AuthMalformed');

/** Reads the signature's parts; null when the request carries none (it is anonymous). */
export function readSigV4(request: WireRequest, now = Date.now()): SigV4 | null {
  const query = new Map(request.query);
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const authorization = header('authorization');
  if (query.has('X-Amz-Signature') || query.has('X-Amz-Credential')) {
    if (query.get('X-Amz-Algorithm') !== ALGORITHM) throw malformed();
    const parts = credential(query.get('X-Amz-Credential'), query.get('X-Amz-Date'));
    const expires = Number(query.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGNED_SECONDS) throw malformed();
    if (parts.date.getTime() - MAX_CLOCK_SKEW_MS > now) throw new AppError('forbidden', 's3RequestNotYetValid');
    if (parts.date.getTime() + expires * 1000 < now) throw new AppError('forbidden', 's3RequestExpired');
    return {
      ...parts,
      signedHeaders: (query.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean),
      signature: query.get('X-Amz-Signature') ?? '',
      presigned: true,
      payload: 'UNSIGNED-PAYLOAD',
    };
  }
  if (!authorization) return null;
  if (!authorization.startsWith(`${ALGORITHM} `)) throw new AppError('invalid', 's3AuthUnsupported');
  const fields = new Map(
    authorization
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((field) => field.trim().split('=', 2) as [string, string]),
  );
  const parts = credential(fields.get('Credential'), header('x-amz-date'));
  if (Math.abs(parts.date.getTime() - now) > MAX_CLOCK_SKEW_MS) throw new AppError('forbidden', 's3ClockSkewed');
  const payload = header('x-amz-content-sha256');
  if (!payload) throw new AppError('invalid', 's3ContentShaMissing');
  return {
    ...parts,
    signedHeaders: (fields.get('SignedHeaders') ?? '').split(';').filter(Boolean),
    signature: fields.get('Signature') ?? '',
    presigned: false,
    payload,
  };
}

/** `AKID/20260101/us-east-1/s3/aws4_request` and the request's date, checked against each other. */
function credential(value: string | undefined, amzDate: string | undefined) {
  const parts = value?.split('/') ?? [];
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate ?? '');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || !match || parts[1] !== amzDate!.slice(0, 8))
    throw malformed();
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  const [accessKeyId, , region, service] = parts as [string, string, string, string];
  if (!accessKeyId || !region || service !== 's3') throw malformed();
  return { accessKeyId, date, longDate: amzDate!, region, service, scope: parts.slice(1).join('/') };
}

/** The signer's hash, on Node's crypto: SHA-256, or HMAC-SHA-256 when given a key. */
type Bytes = string | ArrayBuffer | ArrayBufferView;
const view = (data: Bytes): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);
export class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(key?: Bytes) {
    this.hash = key === undefined ? createHash('sha256') : createHmac('sha256', view(key));
  }
  update(data: Bytes) {
    this.hash.update(view(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
  reset() {}
}

/**
 * The SDK's signer, asked for the signature of a request as it arrived: its canonical request and
 * string to sign (`createCanonicalRequest`, `createStringToSign`, `getCanonicalHeaders`,
 * `getSigningKey`) over exactly the headers the client signed — `sign()` and `presign()` would add
 * or drop some (they strip `Date`, which a client may sign).
 */
class RequestVerifier extends SignatureV4Base {
  constructor(
    private readonly secret: string,
    private readonly sig: SigV4,
  ) {
    super({
      credentials: { accessKeyId: sig.accessKeyId, secretAccessKey: secret },
      region: sig.region,
      service: sig.service,
      sha256: Sha256,
      // S3's canonical path is the path as sent, encoded once (not normalised, not encoded again).
      uriEscapePath: false,
      applyChecksum: false,
    });
  }

  async signatureOf(request: HttpRequest, payloadHash: string): Promise<string> {
    const headers = getCanonicalHeaders(request, undefined, new Set(this.sig.signedHeaders));
    const canonical = this.createCanonicalRequest(request, headers, payloadHash);
    return this.signString(await this.createStringToSign(this.sig.longDate, this.sig.scope, canonical, ALGORITHM));
  }

  /** HMAC-SHA-256 of `text` with the request's signing key (the SDK derives it, and caches it). */
  async signString(text: string): Promise<string> {
    const { sig } = this;
    const credentials = { accessKeyId: sig.accessKeyId, secretAccessKey: this.secret };
    const key = await getSigningKey(Sha256, credentials, sig.longDate.slice(0, 8), sig.region, sig.service);
    return createHmac('sha256', key).update(text).digest('hex');
  }
}

/** Whether the signature is the one `secret` makes of this request. */
export async function signatureMatches(request: WireRequest, sig: SigV4, secret: string): Promise<boolean> {
  if (!sig.signedHeaders.includes('host')) return false;
  const headers: Record<string, string> = {};
  for (const name of sig.signedHeaders) {
    const value = request.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of request.query) {
    if (sig.presigned && name === 'X-Amz-Signature') continue;
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  const message: HttpRequest = {
    method: request.method,
    protocol: 'http:',
    hostname: '',
    path: request.rawPath,
    query,
    headers,
  };
  const expected = await new RequestVerifier(secret, sig).signatureOf(message, sig.payload);
  return safeEqual(expected, sig.signature);
}

/**
 * The signature of each chunk of an `aws-chunked` body (STREAMING-AWS4-HMAC-SHA256-PAYLOAD): a chain
 * that starts at the request's signature; the trailer's (…-TRAILER) ends it.
 */
export function chunkSigner(sig: SigV4, secret: string) {
  const verifier = new RequestVerifier(secret, sig);
  const hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
  return {
    seed: sig.signature,
    chunk: (previous: string, data: Buffer) =>
      verifier.signString(
        ['AWS4-HMAC-SHA256-PAYLOAD', sig.longDate, sig.scope, previous, EMPTY_SHA256, hex(data)].join('\n'),
      ),
    trailer: (previous: string, trailers: string) =>
      verifier.signString(['AWS4-HMAC-SHA256-TRAILER', sig.longDate, sig.scope, previous, hex(trailers)].join('\n')),
  };
}
export type ChunkSigner = ReturnType<typeof chunkSigner>;
