import {
  deriveKeys,
  E2eError,
  HEADER_SIZE,
  newHeader,
  openRecord,
  passwordVerifier,
  randomBytes,
  readHeader,
  RECORD_SIZE,
  sealRecord,
  SECRET_SIZE,
  TAG_SIZE,
  toBase64Url,
  type Bytes,
  type Header,
  type Keys,
} from './format';

/**
 * The format as streams (docs/encryption.md): sealing takes plaintext in chunks of any size and
 * gives the header then one sealed record at a time; opening does the reverse and fails on the first
 * record that does not open, or when the bytes end before the last record. Neither holds more than
 * a record or two, whatever the size.
 */

/** Joins chunks into pieces of exactly `size` bytes (the last one shorter), knowing which is last. */
async function* pieces(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<[Bytes, boolean]> {
  let held: Bytes | null = null;
  let buffer = new Uint8Array(size);
  let filled = 0;
  for await (const chunk of source) {
    let at = 0;
    while (at < chunk.length) {
      const n = Math.min(size - filled, chunk.length - at);
      buffer.set(chunk.subarray(at, at + n), filled);
      filled += n;
      at += n;
      if (filled === size) {
        // A full piece is the last only if nothing follows: hold it until more comes or the end.
        if (held) yield [held, false];
        held = buffer;
        buffer = new Uint8Array(size);
        filled = 0;
      }
    }
  }
  if (held && filled === 0) return void (yield [held, true]);
  if (held) yield [held, false];
  yield [buffer.subarray(0, filled), true];
}

/** Header, then every record sealed: the stored bytes of `plain`. */
export async function* sealStream(keys: Keys, plain: AsyncIterable<Uint8Array>): AsyncGenerator<Bytes> {
  yield keys.header.bytes;
  let index = 0;
  for await (const [piece, last] of pieces(plain, RECORD_SIZE)) yield await sealRecord(keys, index++, piece, last);
}

/** A new share's keys (its own salt) and, with a password, the header saying so. */
export async function newKeys(secret: Bytes, password?: string): Promise<Keys> {
  return deriveKeys(newHeader(password !== undefined), secret, password);
}

/** What the page gives on of a share it seals: the link's fragment and, with a password, its verifier. */
export interface ShareSecrets {
  /** The link's fragment (without "#"). */
  secret: string;
  /** What the server gets as the password, when there is one. */
  verifier?: string;
}

/** A new share under a new secret (and the password): its keys, and what the link and the server get. */
export async function newShare(password?: string): Promise<{ keys: Keys; secrets: ShareSecrets }> {
  const secret = randomBytes(SECRET_SIZE);
  const keys = await newKeys(secret, password);
  const verifier = password === undefined ? undefined : await passwordVerifier(secret, password);
  return { keys, secrets: { secret: toBase64Url(secret), ...(verifier ? { verifier } : {}) } };
}

/**
 * The plaintext of stored bytes, from the link's secret (and the password): the header is read
 * first, the keys derived from it, then each record opened in turn.
 */
export function openStream(sealed: AsyncIterable<Uint8Array>, secret: Bytes, password?: string): AsyncGenerator<Bytes> {
  return openSealed(sealed, (header) => deriveKeys(header, secret, password));
}

/** Like openStream, with the keys `keysFor` gives for the header the bytes start with. */
export async function* openSealed(
  sealed: AsyncIterable<Uint8Array>,
  keysFor: (header: Header) => Promise<Keys>,
): AsyncGenerator<Bytes> {
  const iterator = sealed[Symbol.asyncIterator]();
  // The header may come split over chunks: gather its bytes, keep the rest for the records.
  let start: Bytes = new Uint8Array(0);
  while (start.length < HEADER_SIZE) {
    const next = await iterator.next();
    if (next.done) throw new E2eError('truncated', 'the content ends before its header');
    start = concat(start, next.value);
  }
  const keys = await keysFor(readHeader(start));
  yield* openRecords(
    keys,
    (async function* () {
      if (start.length > HEADER_SIZE) yield start.subarray(HEADER_SIZE);
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
}

/** The records after the header, opened in turn under keys already derived from that header. */
export async function* openRecords(keys: Keys, records: AsyncIterable<Uint8Array>): AsyncGenerator<Bytes> {
  let index = 0;
  for await (const [piece, last] of pieces(records, RECORD_SIZE + TAG_SIZE)) {
    if (last && piece.length < TAG_SIZE) throw new E2eError('truncated', 'the content ends inside a record');
    const at = index++;
    yield await openRecord(keys, at, piece, last).catch(async (error: unknown) => {
      // The bytes end after a whole record sealed as not the last: the rest was cut off.
      const whole = last && piece.length === RECORD_SIZE + TAG_SIZE;
      if (
        whole &&
        (await openRecord(keys, at, piece, false).then(
          () => true,
          () => false,
        ))
      )
        throw new E2eError('truncated', 'the content was cut off');
      throw error;
    });
  }
}

function concat(a: Uint8Array, b: Uint8Array): Bytes {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
