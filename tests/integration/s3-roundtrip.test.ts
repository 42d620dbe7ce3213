import {
  DeleteBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestBucket, type TestBucket } from '../support/s3';

// A real round trip against the Swift S3 server started by global-setup.ts: no mocks.
describe('S3 round trip against the local Swift server', () => {
  let t: TestBucket;
  const ascii = { key: 'docs/hello.txt', body: Buffer.from('hello, cloudclip!') };
  const unicode = { key: '目录/文件 1.txt', body: Buffer.from('你好，世界 — bytes ✓', 'utf8') };
  const outside = { key: 'other/readme.md', body: Buffer.from('# elsewhere') };

  beforeAll(async () => {
    t = await createTestBucket('roundtrip');
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const keysUnder = async (prefix?: string) => {
    const page = await t.client.send(new ListObjectsV2Command({ Bucket: t.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key).sort();
  };

  it('gets the endpoint through inject and through S3_TEST_* env vars (for child processes)', () => {
    expect(inject('s3')).toEqual(t.env);
    expect(t.env.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(process.env.S3_TEST_ENDPOINT).toBe(t.env.endpoint);
    expect(process.env.S3_TEST_ACCESS_KEY).toBe(t.env.accessKeyId);
    expect(process.env.S3_TEST_SECRET_KEY).toBe(t.env.secretAccessKey);
    expect(process.env.S3_TEST_REGION).toBe('us-east-1');
  });

  it('creates an empty bucket', async () => {
    await expect(t.client.send(new HeadBucketCommand({ Bucket: t.bucket }))).resolves.toBeDefined();
    expect(await keysUnder()).toEqual([]);
  });

  it('puts objects and reads the same bytes back (also for a non-ASCII key)', async () => {
    for (const o of [ascii, unicode, outside]) {
      await t.client.send(
        new PutObjectCommand({ Bucket: t.bucket, Key: o.key, Body: o.body, ContentType: 'text/plain' }),
      );
    }
    for (const o of [ascii, unicode]) {
      const got = await t.client.send(new GetObjectCommand({ Bucket: t.bucket, Key: o.key }));
      const bytes = Buffer.from(await got.Body!.transformToByteArray());
      expect(bytes.equals(o.body)).toBe(true);
      expect(got.ContentLength).toBe(o.body.length);
      expect(got.ContentType).toBe('text/plain');
    }
  });

  it('lists with a prefix', async () => {
    expect(await keysUnder('目录/')).toEqual([unicode.key]);
    expect(await keysUnder('docs/')).toEqual([ascii.key]);
    expect(await keysUnder()).toEqual([ascii.key, outside.key, unicode.key].sort());
  });

  it('serves a byte range', async () => {
    const got = await t.client.send(new GetObjectCommand({ Bucket: t.bucket, Key: ascii.key, Range: 'bytes=2-5' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).toString()).toBe('llo,');
    expect(got.ContentRange).toBe(`bytes 2-5/${ascii.body.length}`);
    expect(got.ContentLength).toBe(4);
  });

  it('deletes objects with DeleteObjects (Content-MD5 added by the helper client)', async () => {
    const res = await t.client.send(
      new DeleteObjectsCommand({
        Bucket: t.bucket,
        Delete: { Objects: [{ Key: ascii.key }, { Key: unicode.key }] },
      }),
    );
    expect(res.Errors ?? []).toEqual([]);
    expect((res.Deleted ?? []).map((d) => d.Key).sort()).toEqual([ascii.key, unicode.key].sort());
    expect(await keysUnder()).toEqual([outside.key]);
    await expect(t.client.send(new GetObjectCommand({ Bucket: t.bucket, Key: unicode.key }))).rejects.toMatchObject({
      name: 'NoSuchKey',
    });
  });

  it('deletes the bucket once it is empty', async () => {
    await t.client.send(new DeleteObjectsCommand({ Bucket: t.bucket, Delete: { Objects: [{ Key: outside.key }] } }));
    expect(await keysUnder()).toEqual([]);
    await t.client.send(new DeleteBucketCommand({ Bucket: t.bucket }));
    await expect(t.client.send(new HeadBucketCommand({ Bucket: t.bucket }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });
});
