import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunkSigner, readSigV4 } from '~/auth/sigv4.server';
import { ChunkDecoder, Verifier, checksumOf } from './payload';

/**
 * The S3 door's bodies: aws-chunked unwrapped with each chunk's signature checked (the AWS
 * documentation's streaming example), unsigned chunks with a CRC32 trailer, and plain bodies checked
 * against their SHA-256 — each refused at its end when it does not hold, so the write it feeds fails.
 */
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const sig = readSigV4(
  {
    method: 'PUT',
    rawPath: '/examplebucket/chunkObject.txt',
    query: [],
    headers: {
      'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host,Signature=4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
    },
  },
  Date.UTC(2013, 4, 24),
)!;
const SIGNATURES = [
  'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648',
  '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497',
  'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9',
];

const signedBody = (signatures = SIGNATURES) =>
  Buffer.concat([
    Buffer.from(`10000;chunk-signature=${signatures[0]}\r\n`),
    Buffer.alloc(65536, 'a'),
    Buffer.from(`\r\n400;chunk-signature=${signatures[1]}\r\n`),
    Buffer.alloc(1024, 'a'),
    Buffer.from(`\r\n0;chunk-signature=${signatures[2]}\r\n\r\n`),
  ]);

/** Runs `body` through `transform` in small pieces (as a socket delivers it); answers the bytes out. */
async function through(body: Buffer, transform: Transform): Promise<Buffer> {
  const out: Buffer[] = [];
  const pieces = Array.from({ length: Math.ceil(body.length / 1000) }, (_, i) =>
    body.subarray(i * 1000, (i + 1) * 1000),
  );
  await pipeline(Readable.from(pieces), transform, async (source: AsyncIterable<Buffer | string>) => {
    for await (const chunk of source) out.push(Buffer.from(chunk));
  });
  return Buffer.concat(out);
}

describe('S3 bodies', () => {
  it('unwraps signed chunks, checking each signature in the chain', async () => {
    const decoded = await through(signedBody(), new ChunkDecoder(chunkSigner(sig, SECRET), null, false));
    expect(decoded).toEqual(Buffer.alloc(66560, 'a'));
    const forged = signedBody([SIGNATURES[0]!, SIGNATURES[0]!, SIGNATURES[2]!]);
    await expect(through(forged, new ChunkDecoder(chunkSigner(sig, SECRET), null, false))).rejects.toMatchObject({
      messageKey: 's3ChunkSignatureMismatch',
    });
    const cut = signedBody().subarray(0, 66_000);
    await expect(through(cut, new ChunkDecoder(chunkSigner(sig, SECRET), null, false))).rejects.toMatchObject({
      messageKey: 's3ChunkMalformed',
    });
  });

  it('unwraps unsigned chunks and checks their CRC32 trailer', async () => {
    const data = Buffer.from('hello, trailer');
    const crc = zlib.crc32(data);
    const encoded = Buffer.from([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255]).toString('base64');
    const body = (value: string) =>
      Buffer.from(`${data.length.toString(16)}\r\n${data}\r\n0\r\nx-amz-checksum-crc32:${value}\r\n\r\n`);
    const checksum = () => checksumOf({ 'x-amz-trailer': 'x-amz-checksum-crc32' });
    expect(await through(body(encoded), new ChunkDecoder(null, checksum(), true))).toEqual(data);
    await expect(through(body('AAAAAA=='), new ChunkDecoder(null, checksum(), true))).rejects.toMatchObject({
      messageKey: 's3ChecksumMismatch',
    });
  });

  it('checks a plain body against its SHA-256', async () => {
    const data = Buffer.from('plain body');
    const sha = '6b3e5c9e3aa2c8c10fbb8a1e1c9c4e0a3e64a4d2f3c7a2a8b0b1e2d3c4f5a6b7';
    await expect(through(data, new Verifier(sha, null))).rejects.toMatchObject({ messageKey: 's3ContentShaMismatch' });
    const right = (await import('node:crypto')).createHash('sha256').update(data).digest('hex');
    expect(await through(data, new Verifier(right, null))).toEqual(data);
  });
});
