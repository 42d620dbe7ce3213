import { describe, expect, it } from 'vitest';
import {
  deriveKeys,
  E2eError,
  HEADER_SIZE,
  newHeader,
  openMetadata,
  passwordVerifier,
  plainSize,
  randomBytes,
  readHeader,
  RECORD_SIZE,
  sealedSize,
  sealMetadata,
  secretFromFragment,
  TAG_SIZE,
  toBase64Url,
  type Bytes,
} from './format';
import { newKeys, openStream, sealStream } from './stream';

/** The encryption format's rules (docs/encryption.md): what opens, and why what does not. */
const bytesOf = (size: number): Bytes => Uint8Array.from({ length: size }, (_, i) => (i * 7 + 3) & 0xff);

async function collect(source: AsyncIterable<Uint8Array>): Promise<Bytes> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of source) chunks.push(chunk);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) out.set(chunk, (at += chunk.length) - chunk.length);
  return out;
}

/** `bytes` handed over in uneven chunks, as a network gives them. */
async function* chunked(bytes: Uint8Array, size = 10_000): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function sealed(plain: Uint8Array, secret: Bytes, password?: string) {
  return collect(sealStream(await newKeys(secret, password), chunked(plain)));
}

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'opened',
    (error: unknown) => (error instanceof E2eError ? error.reason : String(error)),
  );
const open = (bytes: Uint8Array, secret: Bytes, password?: string) =>
  collect(openStream(chunked(bytes, 7_001), secret, password));

describe('end-to-end encryption format', () => {
  const secret = randomBytes(32);

  it.each([0, 1, RECORD_SIZE - 1, RECORD_SIZE, RECORD_SIZE + 1, 3 * RECORD_SIZE + 5])(
    'seals and opens %i bytes, in the size the format predicts',
    async (size) => {
      const plain = bytesOf(size);
      const stored = await sealed(plain, secret);
      expect(stored.length).toBe(sealedSize(size));
      expect(plainSize(stored.length)).toBe(size);
      expect(await open(stored, secret)).toEqual(plain);
    },
  );

  it('says a wrong key, or an incomplete link, is wrong — never garbage', async () => {
    const stored = await sealed(bytesOf(100), secret);
    expect(await reason(open(stored, randomBytes(32)))).toBe('badKey');
    expect(() => secretFromFragment(`#${toBase64Url(secret).slice(0, 40)}`)).toThrow(E2eError);
    expect(secretFromFragment(`#${toBase64Url(secret)}`)).toEqual(secret);
  });

  it('detects a changed, moved, cut or added record, and a changed header', async () => {
    const stored = await sealed(bytesOf(3 * RECORD_SIZE), secret);
    const whole = RECORD_SIZE + TAG_SIZE;
    const at = (i: number) => HEADER_SIZE + i * whole;
    const changed = stored.slice();
    changed[at(1) + 5]! ^= 1;
    expect(await reason(open(changed, secret))).toBe('corrupt');
    const swapped = stored.slice();
    swapped.set(stored.subarray(at(2), at(3)), at(1));
    swapped.set(stored.subarray(at(1), at(2)), at(2));
    expect(await reason(open(swapped, secret))).toBe('corrupt');
    expect(await reason(open(stored.subarray(0, at(2)), secret))).toBe('truncated');
    expect(await reason(open(stored.subarray(0, at(2) + 100), secret))).toBe('corrupt');
    const extra = new Uint8Array(stored.length + whole);
    extra.set(stored);
    extra.set(stored.subarray(at(1), at(2)), stored.length);
    expect(await reason(open(extra, secret))).toBe('corrupt');
    const salted = stored.slice();
    salted[8]! ^= 1;
    expect(await reason(open(salted, secret))).toBe('badKey');
    const resized = stored.slice();
    resized[HEADER_SIZE - 1]! ^= 1;
    expect(() => readHeader(resized)).toThrow(/unknown header/);
  });

  it('with a password, needs both the link and the password', async () => {
    const plain = bytesOf(RECORD_SIZE + 10);
    const stored = await sealed(plain, secret, 'correct horse');
    expect(readHeader(stored)).toMatchObject({ hasPassword: true, iterations: 600_000 });
    expect(await reason(open(stored, secret))).toBe('badKey');
    expect(await reason(open(stored, secret, 'wrong horse'))).toBe('badKey');
    expect(await reason(open(stored, randomBytes(32), 'correct horse'))).toBe('badKey');
    expect(await open(stored, secret, 'correct horse')).toEqual(plain);
  });

  it('gives the server a verifier that depends on the link and the password, not the password', async () => {
    const verifier = await passwordVerifier(secret, 'correct horse');
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(verifier).not.toContain('horse');
    expect(await passwordVerifier(secret, 'correct horse')).toBe(verifier);
    expect(await passwordVerifier(secret, 'correct horsE')).not.toBe(verifier);
    expect(await passwordVerifier(randomBytes(32), 'correct horse')).not.toBe(verifier);
  });

  it('seals metadata that opens only with the same keys', async () => {
    const keys = await deriveKeys(newHeader(false), secret);
    const meta = await sealMetadata(keys, { name: 'Steuer 2026.pdf', type: 'application/pdf' });
    expect(await openMetadata(keys, meta)).toEqual({ name: 'Steuer 2026.pdf', type: 'application/pdf' });
    const other = await deriveKeys(newHeader(false), secret);
    expect(await reason(openMetadata(other, meta))).toBe('badKey');
  });
});
