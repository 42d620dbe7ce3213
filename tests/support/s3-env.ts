import { createHash } from 'node:crypto';
import { S3Client } from '@aws-sdk/client-s3';

// No runtime import of 'vitest' here: global-setup.ts (outside the test workers) uses this file.

/**
 * The S3 test endpoint that tests/integration/global-setup.ts starts (scripts/swift-s3.sh) and hands
 * to tests with vitest's provide/inject. Child processes get the same values as S3_TEST_* env vars.
 */
export interface S3TestEnv {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3: S3TestEnv;
  }
}

/** The env var names global-setup sets, so spawned servers or scripts can reach the same endpoint. */
export const S3_ENV_VARS = {
  endpoint: 'S3_TEST_ENDPOINT',
  accessKeyId: 'S3_TEST_ACCESS_KEY',
  secretAccessKey: 'S3_TEST_SECRET_KEY',
  region: 'S3_TEST_REGION',
} as const satisfies Record<keyof S3TestEnv, string>;

/**
 * Swift's S3 layer rejects DeleteObjects without Content-MD5, and current SDKs send a CRC32
 * flexible checksum instead of MD5. Add the MD5 of the serialized XML body ourselves.
 */
export function addDeleteObjectsContentMd5(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      const body = request.body;
      if (
        context.commandName === 'DeleteObjectsCommand' &&
        request.headers &&
        (typeof body === 'string' || body instanceof Uint8Array)
      ) {
        request.headers['content-md5'] = createHash('md5').update(body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'deleteObjectsContentMd5' },
  );
}

/** A client for the test endpoint: path-style, checksums only where the API requires them. */
export function createS3Client(env: S3TestEnv): S3Client {
  const client = new S3Client({
    endpoint: env.endpoint,
    region: env.region,
    credentials: { accessKeyId: env.accessKeyId, secretAccessKey: env.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  addDeleteObjectsContentMd5(client);
  return client;
}
