import { describe, expect, it } from 'vitest';
import { chunkSigner, readSigV4, signatureMatches, type WireRequest } from './sigv4.server';

/**
 * SigV4 as the S3 door checks it, against the examples of the AWS documentation ("Signature
 * Calculations for the Authorization Header", "Query String Authentication", "Transferring Payload in
 * Multiple Chunks"): the same credentials, requests and published signatures.
 */
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const CREDENTIAL = 'AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request';
const AT = Date.UTC(2013, 4, 24, 0, 0, 0);
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const HOST = 'examplebucket.s3.amazonaws.com';

const headerRequest = (
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  signedHeaders: string,
  signature: string,
  query: [string, string][] = [],
): WireRequest => ({
  method,
  rawPath,
  query,
  headers: {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${CREDENTIAL},SignedHeaders=${signedHeaders},Signature=${signature}`,
  },
});

const matches = async (request: WireRequest, secret = SECRET) => {
  const sig = readSigV4(request, AT)!;
  return signatureMatches(request, sig, secret);
};

describe('SigV4 (the AWS documentation examples)', () => {
  it('GET Object with a Range', async () => {
    const request = headerRequest(
      'GET',
      '/test.txt',
      { host: HOST, range: 'bytes=0-9', 'x-amz-content-sha256': EMPTY, 'x-amz-date': '20130524T000000Z' },
      'host;range;x-amz-content-sha256;x-amz-date',
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(await matches(request)).toBe(true);
    expect(await matches(request, `${SECRET}x`)).toBe(false);
    expect(await matches({ ...request, headers: { ...request.headers, range: 'bytes=0-10' } })).toBe(false);
  });

  it('PUT Object, signing Date and a storage class', async () => {
    const request = headerRequest(
      'PUT',
      '/test%24file.text',
      {
        host: HOST,
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      },
      'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
      '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
    expect(await matches(request)).toBe(true);
  });

  it('GET Bucket lifecycle and list objects: sub-resources and query parameters', async () => {
    const base = { host: HOST, 'x-amz-content-sha256': EMPTY, 'x-amz-date': '20130524T000000Z' };
    const lifecycle = headerRequest(
      'GET',
      '/',
      base,
      'host;x-amz-content-sha256;x-amz-date',
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
      [['lifecycle', '']],
    );
    expect(await matches(lifecycle)).toBe(true);
    const list = headerRequest(
      'GET',
      '/',
      base,
      'host;x-amz-content-sha256;x-amz-date',
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
      [
        ['max-keys', '2'],
        ['prefix', 'J'],
      ],
    );
    expect(await matches(list)).toBe(true);
  });

  it('a presigned GET, and its expiry', async () => {
    const query: [string, string][] = [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Credential', CREDENTIAL],
      ['X-Amz-Date', '20130524T000000Z'],
      ['X-Amz-Expires', '86400'],
      ['X-Amz-SignedHeaders', 'host'],
      ['X-Amz-Signature', 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404'],
    ];
    const request: WireRequest = { method: 'GET', rawPath: '/test.txt', query, headers: { host: HOST } };
    expect(await matches(request)).toBe(true);
    expect(() => readSigV4(request, AT + 86_401_000)).toThrow(
      expect.objectContaining({ messageKey: 's3RequestExpired' }),
    );
  });

  it('refuses a clock more than 15 minutes off, and a malformed credential', () => {
    const request = headerRequest(
      'GET',
      '/test.txt',
      { host: HOST, 'x-amz-content-sha256': EMPTY, 'x-amz-date': '20130524T000000Z' },
      'host;x-amz-content-sha256;x-amz-date',
      '0'.repeat(64),
    );
    expect(() => readSigV4(request, AT + 14 * 60_000)).not.toThrow();
    expect(() => readSigV4(request, AT + 16 * 60_000)).toThrow(
      expect.objectContaining({ messageKey: 's3ClockSkewed' }),
    );
    const wrongDay = { ...request, headers: { ...request.headers, 'x-amz-date': '20130525T000000Z' } };
    expect(() => readSigV4(wrongDay, AT + 86_400_000)).toThrow(
      expect.objectContaining({ messageKey: 's3AuthMalformed' }),
    );
    expect(readSigV4({ ...request, headers: { host: HOST } }, AT)).toBeNull();
  });

  it('chains the chunk signatures of a streamed PUT (64 KiB + 1 KiB of "a")', async () => {
    const request = headerRequest(
      'PUT',
      '/examplebucket/chunkObject.txt',
      {
        host: 's3.amazonaws.com',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
        'content-encoding': 'aws-chunked',
        'x-amz-decoded-content-length': '66560',
        'content-length': '66824',
      },
      'content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class',
      '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
    );
    expect(await matches(request)).toBe(true);
    const chunks = chunkSigner(readSigV4(request, AT)!, SECRET);
    const first = await chunks.chunk(chunks.seed, Buffer.alloc(65536, 'a'));
    expect(first).toBe('ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648');
    const second = await chunks.chunk(first, Buffer.alloc(1024, 'a'));
    expect(second).toBe('0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497');
    expect(await chunks.chunk(second, Buffer.alloc(0))).toBe(
      'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9',
    );
  });
});
