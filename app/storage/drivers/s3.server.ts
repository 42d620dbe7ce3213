import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '~/lib/content-disposition';
import { createS3Client, DEFAULT_S3_TIMEOUTS, mapError, unquote, type S3DriverOptions } from './s3-client.server';
import { poolable } from './pooled-get.server';
import { pooledObjectRead, readResultOf } from './s3-read.server';
import { stallGuard } from '../stall-guard';
import { AbortRetries } from './s3-abort-retries';
import { listParts, listStaleUploads } from './s3-upload-listings.server';
import {
  StorageError,
  assertValidPrefix,
  assertValidKey,
  isValidKey,
  type ByteRange,
  type CompletedPart,
  type ListOptions,
  type ListResult,
  type ReadResult,
  type StorageDriver,
  type UploadedPart,
  type WriteOptions,
  type PartSizes,
  partBytes,
} from '../types';

/**
 * Parts of a streamed write: 5 MiB (the S3 minimum), one in flight while the next fills, so a
 * write holds about 10 MiB whatever the object's size (measured by bench/files.bench.mjs: with two
 * in flight the server's RSS grew past 64 MiB during a 1 GiB upload, for no gain in speed since
 * the storage, not the app, sets the pace).
 */
const WRITE_PART_SIZE = 5 * 1024 * 1024;
const WRITE_QUEUE = 1;

/** Any S3-compatible endpoint (path-style or virtual-host). */
export class S3Driver implements StorageDriver {
  readonly type = 's3' as const;
  readonly capabilities = {
    presign: true,
    appSigned: false,
    multipart: true,
    minPartSize: 5 * 1024 * 1024,
    maxParts: 10_000,
    rangeReads: true,
    serverSideCopy: true,
    listingPages: true,
    caseSensitive: true,
  };
  readonly client: S3Client;
  private readonly bucket: string;
  /** The parts failed writes left, aborted without holding up the answer. */
  private readonly failedWrites = new AbortRetries((key, uploadId) => this.multipartAbort(key, uploadId));
  private readonly idleMs: number;
  private readonly requestMs: number;
  /** Reads go through pooledGet (plain-HTTP endpoints only). */
  private readonly pooled: boolean;

  constructor(options: S3DriverOptions) {
    this.bucket = options.bucket;
    ({ idleMs: this.idleMs, requestMs: this.requestMs } = options.timeouts ?? DEFAULT_S3_TIMEOUTS);
    this.pooled = poolable(options.endpoint);
    this.client = createS3Client(options);
  }

  async stat(key: string) {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        etag: unquote(head.ETag),
        lastModified: head.LastModified ?? null,
        contentType: head.ContentType ?? null,
      };
    } catch (error) {
      if (error instanceof S3ServiceException && (error.$metadata?.httpStatusCode === 404 || error.name === 'NotFound'))
        return null;
      return mapError(error, key);
    }
  }

  async list(prefix: string, options: ListOptions = {}): Promise<ListResult> {
    try {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          Delimiter: options.delimiter,
          MaxKeys: options.limit ?? 1000,
          ContinuationToken: options.cursor,
        }),
      );
      return {
        // Keys no path can name ("a//b", "a/./b", "a/../b", control characters) are left out:
        // listed, they became members named "", "." or ".." — a cycle for every client that walks.
        objects: (out.Contents ?? [])
          .filter((o) => o.Key && !o.Key.endsWith('/') && isValidKey(o.Key))
          .map((o) => ({
            key: o.Key!,
            size: o.Size ?? 0,
            etag: unquote(o.ETag),
            lastModified: o.LastModified ?? null,
            contentType: null,
          })),
        prefixes: (out.CommonPrefixes ?? []).map((p) => p.Prefix!).filter((p) => p && isValidKey(p)),
        cursor: out.IsTruncated ? out.NextContinuationToken : undefined,
      };
    } catch (error) {
      return mapError(error);
    }
  }

  /**
   * A folder is its marker or any object under it: one listing of at most one key under the
   * prefix, where the parent's listing, page after page, grew with the parent (a WebDAV COPY of a
   * folder asked it for each member).
   */
  async hasFolder(prefix: string): Promise<boolean> {
    assertValidPrefix(prefix);
    try {
      const out = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: 1 }));
      return (out.Contents ?? []).length > 0;
    } catch (error) {
      return mapError(error);
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadResult> {
    assertValidKey(key);
    const rangeHeader = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
    const pooled = this.pooled
      ? await pooledObjectRead(this.client, this.bucket, key, rangeHeader, {
          headersTimeoutMs: this.requestMs,
          idleMs: this.idleMs,
        })
      : null;
    if (pooled) return readResultOf(pooled.body, pooled.answer, range);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: rangeHeader }));
      const answer = {
        contentRange: out.ContentRange,
        contentLength: out.ContentLength,
        contentType: out.ContentType,
        etag: out.ETag,
        lastModified: out.LastModified,
      };
      return readResultOf(stallGuard(out.Body as Readable, this.idleMs), answer, range);
    } catch (error) {
      return mapError(error, key);
    }
  }

  async write(key: string, body: Readable, options: WriteOptions = {}) {
    assertValidKey(key);
    if (options.singleRequest && options.size !== undefined) return this.putStream(key, body, options.size, options);
    let size = 0;
    body.on('data', (chunk: Buffer) => (size += chunk.length));
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType },
      partSize: WRITE_PART_SIZE,
      queueSize: options.partsInFlight ?? WRITE_QUEUE,
      // A failed multipart write's parts are aborted by failedWrites, without holding up the answer.
      leavePartsOnError: true,
    });
    try {
      const out = await upload.done();
      return { etag: unquote((out as { ETag?: string }).ETag), size };
    } catch (error) {
      if (upload.uploadId) void this.failedWrites.afterFailedWrite(key, upload.uploadId);
      return mapError(error, key);
    }
  }

  /** One streamed PutObject: S3 keeps nothing of it unless all `size` bytes arrived. */
  private async putStream(key: string, body: Readable, size: number, options: WriteOptions) {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: body,
      ContentLength: size,
      ContentType: options.contentType,
    });
    const out = await this.client.send(command).catch((error) => mapError(error, key));
    return { etag: unquote(out.ETag), size };
  }

  async remove(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      batch.forEach(assertValidKey);
      if (batch.length === 0) continue;
      const out = await this.client
        .send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        )
        .catch((error) => mapError(error));
      const failed = (out.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length)
        throw new StorageError(
          'unavailable',
          `Could not delete ${failed.map((e) => e.Key).join(', ')}: ${failed[0]?.Message}`,
        );
    }
  }

  async copy(from: string, to: string): Promise<void> {
    assertValidKey(from);
    assertValidKey(to);
    const source = `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
    await this.client
      .send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: source }))
      .catch((e) => mapError(e, from));
  }

  async move(from: string, to: string): Promise<void> {
    await this.copy(from, to);
    await this.remove([from]);
  }

  async createFolder(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    await this.client
      .send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: prefix,
          Body: new Uint8Array(0),
          ContentType: 'application/x-directory',
        }),
      )
      .catch((error) => mapError(error, prefix));
  }

  async removePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    // Markers included (list() leaves them out): every key under the prefix, a page at a time.
    let token: string | undefined;
    do {
      const out = await this.client
        .send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }))
        .catch((error) => mapError(error, prefix));
      await this.remove((out.Contents ?? []).map((o) => o.Key!).filter(Boolean));
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  async presignGet(key: string, options: { expiresIn: number; downloadName?: string; contentType?: string }) {
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: options.downloadName
        ? contentDisposition('attachment', options.downloadName)
        : undefined,
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresIn });
  }

  async presignPut(key: string, options: { expiresIn: number; contentType?: string; size?: number }) {
    assertValidKey(key);
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: options.contentType,
      ContentLength: options.size,
    });
    // The browser must send exactly this Content-Type (and, when declared, this length): signed, so
    // the URL can't be reused for another type or store more than was declared.
    const signed = [
      ...(options.contentType ? ['content-type'] : []),
      ...(options.size !== undefined ? ['content-length'] : []),
    ];
    return getSignedUrl(this.client, command, {
      expiresIn: options.expiresIn,
      signableHeaders: signed.length ? new Set(signed) : undefined,
    });
  }

  async multipartInit(key: string, options: { contentType?: string } = {}) {
    assertValidKey(key);
    const out = await this.client
      .send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: options.contentType }))
      .catch((e) => mapError(e, key));
    if (!out.UploadId) throw new StorageError('unavailable', 'The storage did not return an upload id');
    return { uploadId: out.UploadId };
  }

  async multipartSignParts(
    key: string,
    uploadId: string,
    partNumbers: number[],
    expiresIn: number,
    { sizes }: { sizes?: PartSizes } = {},
  ) {
    assertValidKey(key);
    // With the sizes known, each part's length is signed: S3 refuses another (403).
    const signableHeaders = sizes ? new Set(['content-length']) : undefined;
    return Promise.all(
      partNumbers.map(async (partNumber) => {
        const part = { Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumber: partNumber };
        const command = new UploadPartCommand({ ...part, ContentLength: sizes && partBytes(sizes, partNumber) });
        return { partNumber, url: await getSignedUrl(this.client, command, { expiresIn, signableHeaders }) };
      }),
    );
  }

  /** One part streamed as it arrives: UploadPart needs its length, which the S3 door always has. */
  async multipartWritePart(key: string, uploadId: string, partNumber: number, body: Readable, size?: number) {
    assertValidKey(key);
    if (size === undefined) throw new StorageError('invalid_key', 'A part needs its length');
    const command = new UploadPartCommand({
      Bucket: this.bucket,
      Key: key,
      UploadId: uploadId,
      PartNumber: partNumber,
      Body: body,
      ContentLength: size,
    });
    const out = await this.client.send(command).catch((error) => mapError(error, key));
    return { partNumber, etag: unquote(out.ETag) ?? '', size };
  }

  async multipartComplete(key: string, uploadId: string, parts: CompletedPart[]) {
    assertValidKey(key);
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    const out = await this.client
      .send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: ordered.map((p) => ({ PartNumber: p.partNumber, ETag: `"${p.etag.replace(/"/g, '')}"` })),
          },
        }),
      )
      .catch((e) => mapError(e, key));
    return { etag: unquote(out.ETag) };
  }

  async multipartAbort(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    await this.client
      .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
      .catch((error) => {
        if (error instanceof StorageError || (error instanceof S3ServiceException && error.name === 'NoSuchUpload'))
          return;
        return mapError(error, key);
      });
  }

  async multipartListParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    assertValidKey(key);
    return listParts(this.client, this.bucket, key, uploadId);
  }

  /** Multipart uploads under `prefix` started before `before` (for the janitor). */
  async staleUploads(before: Date, prefix = ''): Promise<{ key: string; uploadId: string }[]> {
    return listStaleUploads(this.client, this.bucket, before, prefix);
  }
}
