import { createHash, type Hash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import zlib from 'node:zlib';
import { AppError } from '~/lib/errors';
import type { S3Caller } from '~/models/accounts/s3-credentials.server';
import { requestBody } from '../request-body';

/**
 * An S3 request's body as the bytes it carries (docs/s3.md §2): a plain body, checked against its
 * x-amz-content-sha256 as it streams; or an `aws-chunked` one (the SDKs' streaming uploads),
 * unwrapped chunk by chunk with each chunk's signature checked, and its trailing checksum. Nothing
 * is held: a check that fails errors the stream before its end, so the write it feeds is dropped
 * whole (storage writes are whole or nothing) and what was there stays.
 */
export interface S3Payload {
  body: Readable;
  /** The bytes it carries, when said (Content-Length, or x-amz-decoded-content-length). */
  size: number | undefined;
}

const STREAMING = /^STREAMING-(AWS4-HMAC-SHA256-PAYLOAD|AWS4-HMAC-SHA256-PAYLOAD-TRAILER|UNSIGNED-PAYLOAD-TRAILER)$/;

export function s3Payload(req: IncomingMessage, caller: S3Caller | null): S3Payload {
  const raw = requestBody(req);
  const header = (name: string) => req.headers[name] as string | undefined;
  const payload = caller?.sig.payload ?? 'UNSIGNED-PAYLOAD';
  const checksum = checksumOf(req.headers);
  const streaming = STREAMING.exec(payload);
  if (streaming) {
    const decoded = Number(header('x-amz-decoded-content-length'));
    const signed = streaming[1]!.startsWith('AWS4') ? caller!.chunks : null;
    const body = raw.pipe(new ChunkDecoder(signed, checksum, streaming[1]!.endsWith('TRAILER')));
    raw.on('error', (error) => body.destroy(error));
    return { body, size: Number.isSafeInteger(decoded) ? decoded : undefined };
  }
  const length = Number(header('content-length'));
  const size = header('content-length') !== undefined && Number.isSafeInteger(length) ? length : undefined;
  const sha = payload === 'UNSIGNED-PAYLOAD' ? null : /^[0-9a-f]{64}$/.test(payload) ? payload : undefined;
  if (sha === undefined) throw new AppError('invalid', 's3ContentShaMismatch');
  if (!sha && !checksum) return { body: raw, size };
  const body = raw.pipe(new Verifier(sha, checksum));
  raw.on('error', (error) => body.destroy(error));
  return { body, size };
}

/** A checksum the client sent (header or trailer), which we check when we can compute it. */
interface Checksum {
  name: string;
  expected: string | null;
  hash: () => { update: (b: Buffer) => void; digest: () => string };
}

const ALGORITHMS: Record<string, () => { update: (b: Buffer) => void; digest: () => string }> = {
  'x-amz-checksum-crc32': () => {
    let crc = 0;
    return {
      update: (b) => void (crc = zlib.crc32(b, crc)),
      digest: () => Buffer.from([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255]).toString('base64'),
    };
  },
  'x-amz-checksum-sha256': () => digest(createHash('sha256')),
  'x-amz-checksum-sha1': () => digest(createHash('sha1')),
};
const digest = (hash: Hash) => ({ update: (b: Buffer) => void hash.update(b), digest: () => hash.digest('base64') });

export function checksumOf(headers: IncomingMessage['headers']): Checksum | null {
  const trailer = String(headers['x-amz-trailer'] ?? '').toLowerCase();
  for (const name of Object.keys(ALGORITHMS)) {
    if (trailer === name) return { name, expected: null, hash: ALGORITHMS[name]! };
    const value = headers[name];
    if (typeof value === 'string') return { name, expected: value, hash: ALGORITHMS[name]! };
  }
  return null;
}

const mismatch = (name: string) =>
  new AppError('invalid', 's3ChecksumMismatch', { name: name.replace('x-amz-checksum-', '').toUpperCase() });

/** A plain body's SHA-256 (and checksum) compared at its end. */
export class Verifier extends Transform {
  private readonly sha: Hash | null;
  private readonly sum: ReturnType<Checksum['hash']> | null;
  constructor(
    private readonly expectedSha: string | null,
    private readonly checksum: Checksum | null,
  ) {
    super();
    this.sha = expectedSha ? createHash('sha256') : null;
    this.sum = checksum?.hash() ?? null;
  }
  override _transform(chunk: Buffer, _: BufferEncoding, done: TransformCallback) {
    this.sha?.update(chunk);
    this.sum?.update(chunk);
    done(null, chunk);
  }
  override _flush(done: TransformCallback) {
    if (this.sha && this.sha.digest('hex') !== this.expectedSha)
      return done(new AppError('invalid', 's3ContentShaMismatch'));
    if (this.sum && this.checksum?.expected && this.sum.digest() !== this.checksum.expected)
      return done(mismatch(this.checksum.name));
    done();
  }
}

/** The longest line of a chunk header or a trailer we read (a size, a signature, a checksum). */
const MAX_LINE = 4096;

/**
 * `aws-chunked`: `<hex size>[;chunk-signature=<sig>]\r\n<bytes>\r\n` … `0[;…]\r\n`, then trailers
 * (`name:value\r\n`, a trailer signature) and `\r\n`. Each chunk's signature chains from the
 * request's (app/auth/sigv4.server.ts); an unsigned body has none.
 */
export class ChunkDecoder extends Transform {
  private buffered: Buffer = Buffer.alloc(0);
  private left = 0;
  private state: 'header' | 'data' | 'crlf' | 'trailer' | 'done' = 'header';
  private signature = '';
  private previous: string;
  private readonly chunk: Buffer[] = [];
  private readonly sum: ReturnType<Checksum['hash']> | null;
  private readonly trailers: string[] = [];
  /** The chunk being read is the last, of size 0. */
  private zero = false;

  constructor(
    private readonly signer: S3Caller['chunks'] | null,
    private readonly checksum: Checksum | null,
    private readonly hasTrailer: boolean,
  ) {
    super();
    this.previous = signer?.seed ?? '';
    this.sum = checksum?.hash() ?? null;
  }

  override _transform(data: Buffer, _: BufferEncoding, done: TransformCallback) {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, data]) : data;
    this.drain().then(() => done(), done);
  }

  override _flush(done: TransformCallback) {
    if (this.state !== 'done' && !(this.state === 'trailer' && this.buffered.length === 0 && !this.hasTrailer))
      return done(new AppError('invalid', 's3ChunkMalformed'));
    if (this.sum && this.checksum) {
      const expected = this.checksum.expected ?? this.trailerValue(this.checksum.name);
      if (expected !== null && this.sum.digest() !== expected) return done(mismatch(this.checksum.name));
    }
    done();
  }

  private trailerValue(name: string): string | null {
    const line = this.trailers.find((t) => t.toLowerCase().startsWith(`${name}:`));
    return line ? line.slice(name.length + 1).trim() : null;
  }

  private line(): string | null {
    const end = this.buffered.indexOf('\r\n');
    if (end < 0) {
      if (this.buffered.length > MAX_LINE) throw new AppError('invalid', 's3ChunkMalformed');
      return null;
    }
    const text = this.buffered.subarray(0, end).toString('latin1');
    this.buffered = this.buffered.subarray(end + 2);
    return text;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.state === 'header') {
        const text = this.line();
        if (text === null) return;
        const match = /^([0-9a-fA-F]{1,16})(?:;chunk-signature=([0-9a-f]{64}))?$/.exec(text);
        if (!match || (this.signer && !match[2])) throw new AppError('invalid', 's3ChunkMalformed');
        this.left = parseInt(match[1]!, 16);
        this.zero = this.left === 0;
        this.signature = match[2] ?? '';
        this.state = 'data';
        if (this.left === 0) await this.endChunk();
        continue;
      }
      if (this.state === 'data') {
        if (this.buffered.length === 0) return;
        const take = this.buffered.subarray(0, this.left);
        this.buffered = this.buffered.subarray(take.length);
        this.left -= take.length;
        if (this.signer) this.chunk.push(take);
        this.sum?.update(take);
        this.push(take);
        if (this.left > 0) return;
        await this.endChunk();
        continue;
      }
      if (this.state === 'crlf') {
        if (this.buffered.length < 2) return;
        if (this.buffered[0] !== 13 || this.buffered[1] !== 10) throw new AppError('invalid', 's3ChunkMalformed');
        this.buffered = this.buffered.subarray(2);
        this.state = 'header';
        continue;
      }
      if (this.state === 'trailer') {
        const text = this.line();
        if (text === null) return;
        if (text === '') {
          this.state = 'done';
          continue;
        }
        if (text.startsWith('x-amz-trailer-signature:')) await this.checkTrailer(text.slice(24).trim());
        else this.trailers.push(text);
        continue;
      }
      if (this.buffered.length > 0) throw new AppError('invalid', 's3ChunkMalformed');
      return;
    }
  }

  /** A chunk read whole: its signature checked; the last (size 0) ends the data. */
  private async endChunk() {
    if (this.signer) {
      const expected = await this.signer.chunk(this.previous, Buffer.concat(this.chunk));
      if (expected !== this.signature) throw new AppError('forbidden', 's3ChunkSignatureMismatch');
      this.previous = expected;
      this.chunk.length = 0;
    }
    this.state = this.zero ? 'trailer' : 'crlf';
  }

  private async checkTrailer(signature: string) {
    if (!this.signer) return;
    const text = this.trailers.map((t) => `${t}\n`).join('');
    if ((await this.signer.trailer(this.previous, text)) !== signature)
      throw new AppError('forbidden', 's3ChunkSignatureMismatch');
  }
}
