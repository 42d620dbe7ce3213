import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { stalled } from '../stall-guard';
import { StorageError, type ByteRange, type ReadResult } from '../types';
import { NotPooled, pooledGet } from './pooled-get.server';
import { unquote } from './s3-client.server';

// How the S3 driver (s3.server.ts) reads an object: through a pooled GET where it can, and what
// either way of reading answers.

/** What a GET of an object told of it, from the SDK's output or a pooled GET's headers. */
export interface ObjectAnswer {
  contentRange?: string;
  contentLength?: number;
  contentType?: string;
  etag?: string;
  lastModified?: Date;
}

/**
 * A presigned GET through pooledGet, whose body fills reused read buffers
 * (docs/decisions/0048-pooled-http-reads.md); null sends the read through the client instead,
 * which also explains a failure (a missing object, a refused connection).
 */
export async function pooledObjectRead(
  client: S3Client,
  bucket: string,
  key: string,
  range: string | undefined,
  timeouts: { headersTimeoutMs: number; idleMs: number },
): Promise<{ body: Readable; answer: ObjectAnswer } | null> {
  const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 300 });
  try {
    const { body, headers } = await pooledGet(new URL(url), {
      headers: range ? { range } : {},
      expect: range ? 206 : 200,
      ...timeouts,
      // The stall guard's own error (stall-guard.ts), which the SDK's reads get from it.
      explain: (error) => (error.code === 'ETIMEDOUT' ? stalled() : error),
    });
    const modified = headers['last-modified'] ? new Date(headers['last-modified']) : undefined;
    const answer = {
      contentRange: headers['content-range'],
      contentLength: headers['content-length'] ? Number(headers['content-length']) : undefined,
      contentType: headers['content-type'],
      etag: headers.etag,
      lastModified: modified && !Number.isNaN(modified.getTime()) ? modified : undefined,
    };
    return { body, answer };
  } catch (error) {
    if (error instanceof NotPooled) return null;
    throw new StorageError('unavailable', `The storage did not answer: ${(error as Error).message}`);
  }
}

/**
 * What a read returns, however it was made. `stream` is guarded against a storage that stops
 * sending: a pooled body guards itself; the SDK's idle timeout ends with the headers, so its body
 * comes here through stallGuard.
 */
export function readResultOf(stream: Readable, answer: ObjectAnswer, range?: ByteRange): ReadResult {
  const match = /bytes (\d+)-(\d+)\/(\d+)/.exec(answer.contentRange ?? '');
  return {
    stream,
    size: match ? Number(match[3]) : (answer.contentLength ?? 0),
    contentLength: answer.contentLength ?? 0,
    contentType: answer.contentType ?? null,
    etag: unquote(answer.etag),
    lastModified: answer.lastModified ?? null,
    range: range && match ? { start: Number(match[1]), end: Number(match[2]) } : undefined,
  };
}
