import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListBucketsCommand,
  ListMultipartUploadsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  UploadPartCommand,
  UploadPartCopyCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOUNT_PERMISSIONS, Permission } from '~/lib/permissions';
import { formClient } from '../support/forms';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { s3Client, s3Key, startWithS3Door, type S3DoorServer, type S3Key } from '../support/s3-door';

/**
 * The S3 door with the AWS SDK v3 (docs/s3.md): every operation it serves, on a local-disk mount
 * and a Swift mount, presigned URLs, a five-part multipart upload, and the errors S3 answers.
 */
const MiB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const bytesOf = async (body: unknown) =>
  Buffer.from(await (body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
const codeOf = (error: unknown) => (error as { name?: string; Code?: string }).name;

describe('S3 door with the AWS SDK', () => {
  let door: S3DoorServer;
  let bucket: TestBucket;
  let full: S3Key;
  let s3: S3Client;

  beforeAll(async () => {
    door = await startWithS3Door();
    bucket = await createTestBucket('s3door');
    await mountDiskAndBucket(door.call, door.auth, bucket);
    full = await s3Key(door, 'full', MOUNT_PERMISSIONS);
    s3 = s3Client(door, full);
  });

  afterAll(async () => {
    await door?.server.stop();
    await bucket?.destroy();
  });

  it('shows the S3 secret once: the key list never carries it', async () => {
    expect(full.accessKeyId).toMatch(/^CC[A-Z0-9]{18}$/);
    expect(full.secretAccessKey).toHaveLength(40);
    const listed = await door.call('GET', '/admin/api-keys', { auth: door.auth });
    const row = listed.body.data.find((k: { id: string }) => k.id === full.id);
    expect(row.s3_access_key_id).toBe(full.accessKeyId);
    expect(row).not.toHaveProperty('s3_secret_access_key');
    expect(listed.text).not.toContain(full.secretAccessKey);
  });

  it('lists one bucket per mount, and answers HeadBucket', async () => {
    const out = await s3.send(new ListBucketsCommand({}));
    expect(out.Buckets?.map((b) => b.Name)).toEqual(['bucket', 'disk']);
    await s3.send(new HeadBucketCommand({ Bucket: 'disk' }));
    await expect(s3.send(new HeadBucketCommand({ Bucket: 'nope' }))).rejects.toThrow();
  });

  for (const name of ['disk', 'bucket']) {
    it(`puts, heads, gets (ranges, conditions), copies, lists and deletes on /${name}`, async () => {
      const body = randomBytes(300_000);
      const put = await s3.send(new PutObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin', Body: body }));
      expect(put.ETag).toMatch(/^".+"$/);
      const head = await s3.send(new HeadObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin' }));
      expect(head.ContentLength).toBe(body.length);
      expect(head.ETag).toBe(put.ETag);

      const got = await s3.send(new GetObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin' }));
      expect(sha(await bytesOf(got.Body))).toBe(sha(body));
      // A whole GET is described by its read (decision 0049): as HeadObject describes the object.
      expect([got.ETag, got.ContentLength, got.LastModified]).toEqual([put.ETag, body.length, head.LastModified]);
      const folder = await s3
        .send(new GetObjectCommand({ Bucket: name, Key: 'dir one' }))
        .catch((error: unknown) => error);
      expect(codeOf(folder)).toBe('NoSuchKey');
      const part = await s3.send(
        new GetObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin', Range: 'bytes=10-19' }),
      );
      expect(part.ContentRange).toBe(`bytes 10-19/${body.length}`);
      expect(await bytesOf(part.Body)).toEqual(body.subarray(10, 20));
      const notModified = s3.send(
        new GetObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin', IfNoneMatch: put.ETag }),
      );
      await expect(notModified).rejects.toMatchObject({ $metadata: { httpStatusCode: 304 } });
      const later = new Date(head.LastModified!.getTime() + 60_000);
      const earlier = new Date(head.LastModified!.getTime() - 60_000);
      await expect(
        s3.send(new GetObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin', IfModifiedSince: later })),
      ).rejects.toMatchObject({ $metadata: { httpStatusCode: 304 } });
      const modified = await s3.send(
        new GetObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin', IfModifiedSince: earlier }),
      );
      expect((await bytesOf(modified.Body)).length).toBe(body.length);
      await expect(
        s3.send(new GetObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin', IfUnmodifiedSince: earlier })),
      ).rejects.toMatchObject({ $metadata: { httpStatusCode: 412 } });
      const failed = s3.send(new GetObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin', IfMatch: '"nope"' }));
      await expect(failed).rejects.toMatchObject({ $metadata: { httpStatusCode: 412 } });
      const past = s3.send(
        new GetObjectCommand({ Bucket: name, Key: 'dir one/a+b #1.bin', Range: `bytes=${body.length}-` }),
      );
      await expect(past).rejects.toMatchObject({ name: 'InvalidRange', $metadata: { httpStatusCode: 416 } });

      // Within the mount, and across to the other mount (through the app).
      const other = name === 'disk' ? 'bucket' : 'disk';
      await s3.send(
        new CopyObjectCommand({
          Bucket: name,
          Key: 'copy.bin',
          CopySource: `${name}/${encodeURIComponent('dir one/a+b #1.bin')}`,
        }),
      );
      await s3.send(new CopyObjectCommand({ Bucket: other, Key: `from-${name}.bin`, CopySource: `/${name}/copy.bin` }));
      const across = await s3.send(new GetObjectCommand({ Bucket: other, Key: `from-${name}.bin` }));
      expect(sha(await bytesOf(across.Body))).toBe(sha(body));

      const listed = await s3.send(new ListObjectsV2Command({ Bucket: name, Delimiter: '/' }));
      expect(listed.CommonPrefixes?.map((p) => p.Prefix)).toContain('dir one/');
      expect(listed.Contents?.map((c) => c.Key)).toContain('copy.bin');
      const deep = await s3.send(new ListObjectsV2Command({ Bucket: name, Prefix: 'dir' }));
      expect(deep.Contents?.map((c) => [c.Key, c.Size])).toEqual([['dir one/a+b #1.bin', body.length]]);

      await s3.send(new DeleteObjectCommand({ Bucket: name, Key: 'copy.bin' }));
      await expect(s3.send(new HeadObjectCommand({ Bucket: name, Key: 'copy.bin' }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 404 },
      });
      const gone = await s3
        .send(new GetObjectCommand({ Bucket: name, Key: 'copy.bin' }))
        .catch((error: unknown) => error);
      expect(codeOf(gone)).toBe('NoSuchKey');
      const many = await s3.send(
        new DeleteObjectsCommand({
          Bucket: name,
          Delete: { Objects: [{ Key: 'dir one/a+b #1.bin' }, { Key: 'never-there' }] },
        }),
      );
      expect(many.Errors ?? []).toEqual([]);
      expect(many.Deleted?.map((d) => d.Key).sort()).toEqual(['dir one/a+b #1.bin', 'never-there']);
      await s3.send(new DeleteObjectCommand({ Bucket: other, Key: `from-${name}.bin` }));
    });
  }

  it('pages ListObjectsV2 with continuation tokens, max-keys and start-after', async () => {
    const keys = Array.from({ length: 7 }, (_, i) => `page/k${i}`);
    for (const Key of keys) await s3.send(new PutObjectCommand({ Bucket: 'disk', Key, Body: Key }));
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const out = await s3.send(
        new ListObjectsV2Command({ Bucket: 'disk', Prefix: 'page/', MaxKeys: 3, ContinuationToken: token }),
      );
      expect(out.KeyCount).toBeLessThanOrEqual(3);
      seen.push(...(out.Contents ?? []).map((c) => c.Key!));
      token = out.NextContinuationToken;
    } while (token);
    expect(seen).toEqual(keys);
    // The first ListObjects (marker, NextMarker with a delimiter), which older tools send.
    const v1 = await s3.send(new ListObjectsCommand({ Bucket: 'disk', Prefix: 'page/', Delimiter: '/', MaxKeys: 4 }));
    expect([v1.Contents?.map((c) => c.Key), v1.IsTruncated, v1.NextMarker]).toEqual([
      keys.slice(0, 4),
      true,
      'page/k3',
    ]);
    const rest = await s3.send(new ListObjectsCommand({ Bucket: 'disk', Prefix: 'page/', Marker: v1.NextMarker }));
    expect(rest.Contents?.map((c) => c.Key)).toEqual(keys.slice(4));
    const after = await s3.send(new ListObjectsV2Command({ Bucket: 'disk', Prefix: 'page/', StartAfter: 'page/k4' }));
    expect(after.Contents?.map((c) => c.Key)).toEqual(['page/k5', 'page/k6']);
  });

  it('uploads in five parts (one copied from an object), lists parts and uploads, completes and aborts', async () => {
    for (const name of ['disk', 'bucket']) {
      const parts = Array.from({ length: 4 }, (_, i) => randomBytes(5 * MiB + i));
      const copied = randomBytes(5 * MiB + 7);
      await s3.send(new PutObjectCommand({ Bucket: name, Key: 'source.bin', Body: copied }));
      const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: name, Key: 'multi/big.bin' }));
      const uploads = await s3.send(new ListMultipartUploadsCommand({ Bucket: name }));
      expect(uploads.Uploads?.map((u) => u.UploadId)).toContain(UploadId);
      const done: { PartNumber: number; ETag: string }[] = [];
      for (const [i, Body] of parts.entries()) {
        const out = await s3.send(
          new UploadPartCommand({ Bucket: name, Key: 'multi/big.bin', UploadId, PartNumber: i + 1, Body }),
        );
        done.push({ PartNumber: i + 1, ETag: out.ETag! });
      }
      const copy = await s3.send(
        new UploadPartCopyCommand({
          Bucket: name,
          Key: 'multi/big.bin',
          UploadId,
          PartNumber: 5,
          CopySource: `${name}/source.bin`,
        }),
      );
      done.push({ PartNumber: 5, ETag: copy.CopyPartResult!.ETag! });
      const listed = await s3.send(new ListPartsCommand({ Bucket: name, Key: 'multi/big.bin', UploadId }));
      expect(listed.Parts?.map((p) => p.PartNumber)).toEqual([1, 2, 3, 4, 5]);
      // Not there until it completes.
      await expect(s3.send(new HeadObjectCommand({ Bucket: name, Key: 'multi/big.bin' }))).rejects.toThrow();
      await s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: name,
          Key: 'multi/big.bin',
          UploadId,
          MultipartUpload: { Parts: done },
        }),
      );
      const got = await s3.send(new GetObjectCommand({ Bucket: name, Key: 'multi/big.bin' }));
      expect(sha(await bytesOf(got.Body))).toBe(sha(Buffer.concat([...parts, copied])));

      const aborted = await s3.send(new CreateMultipartUploadCommand({ Bucket: name, Key: 'multi/gone.bin' }));
      await s3.send(
        new UploadPartCommand({
          Bucket: name,
          Key: 'multi/gone.bin',
          UploadId: aborted.UploadId,
          PartNumber: 1,
          Body: 'x',
        }),
      );
      await s3.send(
        new AbortMultipartUploadCommand({ Bucket: name, Key: 'multi/gone.bin', UploadId: aborted.UploadId }),
      );
      const again = s3.send(new ListPartsCommand({ Bucket: name, Key: 'multi/gone.bin', UploadId: aborted.UploadId }));
      await expect(again).rejects.toMatchObject({ name: 'NoSuchUpload' });
    }
  });

  it('streams a PutObject of unknown length (aws-chunked with a CRC32 trailer) and checks it', async () => {
    const chunks = Array.from({ length: 20 }, () => randomBytes(100_000));
    const client = s3Client(door, full);
    const body = Readable.from(chunks);
    await client.send(
      new PutObjectCommand({
        Bucket: 'disk',
        Key: 'streamed.bin',
        Body: body,
        ContentLength: 2_000_000,
        ChecksumAlgorithm: 'CRC32',
      }),
    );
    const got = await client.send(new GetObjectCommand({ Bucket: 'disk', Key: 'streamed.bin' }));
    expect(sha(await bytesOf(got.Body))).toBe(sha(Buffer.concat(chunks)));
  });

  it('serves presigned GET and PUT URLs, and refuses them expired or altered', async () => {
    const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'disk', Key: 'signed.txt' }), { expiresIn: 60 });
    expect((await fetch(put, { method: 'PUT', body: 'presigned body' })).status).toBe(200);
    const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'disk', Key: 'signed.txt' }), { expiresIn: 60 });
    const answer = await fetch(get);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('presigned body');

    const altered = await fetch(get.replace('signed.txt', 'signed.txT'));
    expect(altered.status).toBe(403);
    expect(await altered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const old = await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'disk', Key: 'signed.txt' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 3600_000),
    });
    const expired = await fetch(old);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('refuses a wrong secret, an unknown key, a skewed clock and an unsigned request with S3 codes', async () => {
    const wrong = s3Client(door, { accessKeyId: full.accessKeyId, secretAccessKey: 'x'.repeat(40) });
    await expect(wrong.send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    const unknown = s3Client(door, { accessKeyId: 'CCNOSUCHKEY000000000', secretAccessKey: 'x'.repeat(40) });
    await expect(unknown.send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    const skewed = s3Client(door, full);
    skewed.config.systemClockOffset = -20 * 60_000;
    // The SDK corrects its clock from the answer's Date and tries again only with retries on: none here.
    await expect(skewed.send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'RequestTimeTooSkewed' });
    const anonymous = await fetch(`${door.endpoint}/disk/signed.txt`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('holds a key to its bits and base path, and a regenerated secret replaces the old one', async () => {
    const reader = await s3Key(door, 'reader', Permission.MOUNT_VIEW, '/disk/page');
    const client = s3Client(door, reader);
    expect((await client.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual(['disk']);
    const top = await client.send(new ListObjectsV2Command({ Bucket: 'disk', Delimiter: '/' }));
    expect(top.CommonPrefixes?.map((p) => p.Prefix)).toEqual(['page/']);
    expect(top.Contents ?? []).toEqual([]);
    await client.send(new GetObjectCommand({ Bucket: 'disk', Key: 'page/k1' }));
    await expect(client.send(new GetObjectCommand({ Bucket: 'disk', Key: 'signed.txt' }))).rejects.toMatchObject({
      name: 'AccessDenied',
    });
    await expect(
      client.send(new PutObjectCommand({ Bucket: 'disk', Key: 'page/new', Body: 'x' })),
    ).rejects.toMatchObject({
      name: 'AccessDenied',
    });
    await expect(client.send(new DeleteObjectCommand({ Bucket: 'disk', Key: 'page/k1' }))).rejects.toMatchObject({
      name: 'AccessDenied',
    });

    const renewed = await door.call('POST', `/admin/api-keys/${reader.id}/s3-credentials`, { auth: door.auth });
    expect(renewed.status).toBe(200);
    await expect(client.send(new ListBucketsCommand({}))).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    const next = s3Client(door, {
      accessKeyId: renewed.body.data.s3_access_key_id,
      secretAccessKey: renewed.body.data.s3_secret_access_key,
    });
    expect((await next.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name)).toEqual(['disk']);
  });

  it("answers a key's quota with QuotaExceeded and its message, and writes the audit log with door s3", async () => {
    const made = await door.call('POST', '/admin/api-keys', {
      auth: door.auth,
      body: { name: 's3-quota', permissions: MOUNT_PERMISSIONS, expires_at: 'never', quota_day_bytes: 1000 },
    });
    const client = s3Client(door, {
      accessKeyId: made.body.data.s3_access_key_id,
      secretAccessKey: made.body.data.s3_secret_access_key,
    });
    const first = await client.send(
      new PutObjectCommand({ Bucket: 'disk', Key: 'quota/a.bin', Body: randomBytes(600) }),
    );
    const refused = await client
      .send(new PutObjectCommand({ Bucket: 'disk', Key: 'quota/b.bin', Body: randomBytes(600) }))
      .catch((error: unknown) => error as { name: string; message: string; $metadata: { httpStatusCode: number } });
    expect(refused).toMatchObject({ name: 'QuotaExceeded', $metadata: { httpStatusCode: 403 } });
    expect((refused as { message: string }).message).toMatch(/daily upload quota: 400 B left of 1000 B/);
    await expect(client.send(new HeadObjectCommand({ Bucket: 'disk', Key: 'quota/b.bin' }))).rejects.toThrow();

    const page = formClient(() => door.server.url);
    await page.login('admin', 'test-admin-password');
    const csv = await (await page.get('/admin/audit-log/export.csv?actor=s3-quota')).text();
    expect(csv).toContain('"fs.write","/disk/quota/a.bin"');
    expect(csv).toContain('"s3"');
    expect(csv).toContain(first.$metadata.requestId!);
  });

  it('refuses an upload past the maximum upload size with EntityTooLarge, keeping what was there', async () => {
    await s3.send(new PutObjectCommand({ Bucket: 'disk', Key: 'kept.txt', Body: 'original' }));
    const set = await door.call('PUT', '/admin/system-settings', { auth: door.auth, body: { max_upload_size: 1 } });
    expect(set.status).toBe(200);
    try {
      const big = s3.send(new PutObjectCommand({ Bucket: 'disk', Key: 'kept.txt', Body: randomBytes(2 * MiB) }));
      await expect(big).rejects.toMatchObject({ name: 'EntityTooLarge' });
      const kept = await s3.send(new GetObjectCommand({ Bucket: 'disk', Key: 'kept.txt' }));
      expect(Buffer.from(await bytesOf(kept.Body)).toString()).toBe('original');
    } finally {
      await door.call('PUT', '/admin/system-settings', { auth: door.auth, body: { max_upload_size: 100 } });
    }
  });
});
