import { createHash } from 'node:crypto';
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { StorageError } from '../types';

// The S3 client of the S3 driver (s3.server.ts), its timeouts, and how S3's errors become
// StorageErrors.

/** Where an S3 config points, and with which keys. */
export interface S3DriverOptions {
  endpoint: string;
  region?: string | null;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
  /** Provider types that need extra headers on upload (docs/product/api.md §2.6). */
  providerType?: string;
  /** How long a call may wait for S3 (S3_REQUEST_TIMEOUT_SECONDS, S3_IDLE_TIMEOUT_SECONDS in the README's settings). */
  timeouts?: S3Timeouts;
}

export interface S3Timeouts {
  /** Until the response headers: sending a part (5 MiB) and the storage's answer. */
  requestMs: number;
  /** A body that stops flowing mid-download or mid-upload. */
  idleMs: number;
}

export const unquote = (etag: string | undefined | null) => (etag ? etag.replace(/"/g, '') : null);

/**
 * Timeouts and retries of every S3 call: with the defaults an unreachable storage answers 503 within
 * about 25 s (two attempts of 12 s), and a body that stops flowing is cut after 30 s.
 */
const S3_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_S3_TIMEOUTS: S3Timeouts = { requestMs: 12_000, idleMs: 30_000 };
const S3_MAX_ATTEMPTS = 2;

/**
 * Swift's S3 layer (and some other S3-compatible servers) require Content-MD5 on DeleteObjects,
 * which current SDKs replaced with a CRC checksum: add it back.
 */
function addDeleteObjectsMd5(client: S3Client) {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (
        context.commandName === 'DeleteObjectsCommand' &&
        request.headers &&
        (typeof request.body === 'string' || request.body instanceof Uint8Array)
      ) {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'cloudclipDeleteObjectsMd5' },
  );
}

export function mapError(error: unknown, key?: string): never {
  if (error instanceof S3ServiceException) {
    const status = error.$metadata?.httpStatusCode;
    if (status === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound' || error.name === 'NoSuchUpload') {
      throw new StorageError('not_found', key ? `No such object: ${key}` : error.message);
    }
    if (status === 416 || error.name === 'InvalidRange') throw new StorageError('range', 'Range not satisfiable');
    if (status === 403) throw new StorageError('denied', error.message || 'Access denied');
    // A multipart completion the parts do not support (missing part, wrong ETag, part too small).
    if (['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall'].includes(error.name))
      throw new StorageError('conflict', error.message || error.name);
  }
  throw error;
}

/** A client for one S3 config, with the timeouts above and the Content-MD5 fix. */
export function createS3Client(options: S3DriverOptions): S3Client {
  const timeouts = options.timeouts ?? DEFAULT_S3_TIMEOUTS;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region || 'us-east-1',
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: options.pathStyle,
    // Only where the API needs them: many S3-compatible servers reject the newer checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A storage that stops answering must not hold requests forever (docs/architecture.md §5):
    // the failure becomes a 503 with Retry-After (app/faults.ts), and the next request
    // tries again, so the app recovers on its own when the storage returns.
    maxAttempts: S3_MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: S3_CONNECT_TIMEOUT_MS,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
      socketTimeout: timeouts.idleMs,
    },
  });
  addDeleteObjectsMd5(client);
  return client;
}
