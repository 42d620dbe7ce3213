import { describe, expect, it } from 'vitest';
import type { E2eError } from './format';
import {
  fileEnvelopeProblem,
  fileVerifierFor,
  openDownload,
  openFileEnvelope,
  plainSizeOfRecords,
  RECORD_BYTES,
  recordsSize,
  sealedPartSize,
  sealFile,
} from './file';

/** Encrypted file shares (docs/encryption.md "Files"): sealed part by part, opened from header + records. */
describe('file envelopes and records', () => {
  const metadata = { name: 'été.txt', type: 'text/plain', remark: 'a remark' };
  const bytes = (size: number) => Uint8Array.from({ length: size }, (_, i) => (i * 7) % 251);
  const whole = async (sealed: Awaited<ReturnType<typeof sealFile>>) =>
    new Uint8Array(await (await sealed.source.slice(0, sealed.source.size)).arrayBuffer());
  async function opened(envelope: string, secret: string, body: Uint8Array, password?: string) {
    const { keys, metadata: meta } = await openFileEnvelope(envelope, secret, password);
    const header = Uint8Array.from(atob(envelope.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    const chunks = async function* () {
      // In odd pieces, as a network gives them: the header split, records across chunks.
      const all = new Uint8Array(header.length + body.length);
      all.set(header);
      all.set(body, header.length);
      for (let at = 0; at < all.length; at += 10_007) yield all.subarray(at, at + 10_007);
    };
    const parts: BlobPart[] = [];
    for await (const record of openDownload(keys, chunks())) parts.push(record);
    return { meta, plain: new Uint8Array(await new Blob(parts).arrayBuffer()) };
  }

  it('seal parts on their own that join into the whole, which opens to the file', async () => {
    const plain = bytes(3 * 65_536 + 123);
    const sealed = await sealFile(new Blob([plain]), metadata);
    expect(sealed.source.size).toBe(recordsSize(plain.length));
    expect(plainSizeOfRecords(sealed.source.size)).toBe(plain.length);
    const all = await whole(sealed);
    // Two records a part, sealed apart (as three parts in flight are), are the same bytes.
    const parts = await Promise.all(
      [0, 2].map(
        async (first) =>
          new Uint8Array(
            await (await sealed.source.slice(first * RECORD_BYTES, (first + 2) * RECORD_BYTES)).arrayBuffer(),
          ),
      ),
    );
    expect(new Uint8Array(await new Blob(parts).arrayBuffer())).toEqual(all);
    expect(await opened(sealed.envelope, sealed.secret, all)).toEqual({ meta: metadata, plain });
  });

  it('need the password too, when there is one; the verifier is what the server gets', async () => {
    const sealed = await sealFile(new Blob([bytes(10)]), metadata, 'pw');
    expect(sealed.verifier).toBe(await fileVerifierFor(sealed.envelope, sealed.secret, 'pw'));
    const body = await whole(sealed);
    expect((await opened(sealed.envelope, sealed.secret, body, 'pw')).plain).toEqual(bytes(10));
    const reason = (work: Promise<unknown>) =>
      work.then(
        () => 'opened',
        (error: E2eError) => error.reason,
      );
    expect(await reason(openFileEnvelope(sealed.envelope, sealed.secret, 'not it'))).toBe('badKey');
    expect(await reason(openFileEnvelope(sealed.envelope, sealed.secret))).toBe('badKey');
    const other = await sealFile(new Blob([bytes(10)]), metadata, 'pw');
    expect(await reason(openFileEnvelope(sealed.envelope, other.secret, 'pw'))).toBe('badKey');
    // Another share's records under this one's header: not its content.
    expect(await reason(opened(sealed.envelope, sealed.secret, await whole(other), 'pw'))).toBe('badKey');
  });

  it('detect records cut off the end', async () => {
    const sealed = await sealFile(new Blob([bytes(2 * 65_536 + 5)]), metadata);
    const body = await whole(sealed);
    const cut = body.subarray(0, 2 * RECORD_BYTES);
    await expect(opened(sealed.envelope, sealed.secret, cut)).rejects.toMatchObject({ reason: 'truncated' });
  });

  it('are checked by the server for shape, password flag and whole records', async () => {
    const plain = await sealFile(new Blob([bytes(100)]), metadata);
    const locked = await sealFile(new Blob([bytes(100)]), metadata, 'pw');
    expect(fileEnvelopeProblem(plain.envelope, false, plain.source.size)).toBeNull();
    expect(fileEnvelopeProblem(locked.envelope, true)).toBeNull();
    expect(fileEnvelopeProblem(plain.envelope, true)).toBe('envelopePassword');
    expect(fileEnvelopeProblem(locked.envelope, false)).toBe('envelopePassword');
    expect(fileEnvelopeProblem(plain.envelope, false, 15)).toBe('envelopeInvalid');
    expect(fileEnvelopeProblem(plain.envelope, false, RECORD_BYTES + 15)).toBe('envelopeInvalid');
    expect(fileEnvelopeProblem(plain.envelope.split('.')[0]!, false)).toBe('envelopeInvalid');
    expect(fileEnvelopeProblem(`A${plain.envelope}`, false)).toBe('envelopeInvalid');
    expect(fileEnvelopeProblem(`${'A'.repeat(39)}.${'A'.repeat(40)}`, false)).toBe('envelopeInvalid');
  });

  it('go in parts of whole records: 5 MiB of plaintext, more for a file past 10,000 parts', () => {
    expect(sealedPartSize(1)).toBe(80 * RECORD_BYTES);
    expect(sealedPartSize(80 * 65_536 * 10_000)).toBe(80 * RECORD_BYTES);
    expect(sealedPartSize(80 * 65_536 * 10_000 + 1)).toBe(81 * RECORD_BYTES);
    expect(80 * RECORD_BYTES).toBeGreaterThanOrEqual(5 * 1024 * 1024);
  });
});
