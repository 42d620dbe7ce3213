import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import { createS3Client, S3_ENV_VARS, type S3TestEnv } from './s3-env';

export { addDeleteObjectsContentMd5, createS3Client } from './s3-env';

/** The endpoint started by tests/integration/global-setup.ts (inject first, env vars as fallback). */
export function s3TestEnv(): S3TestEnv {
  const provided = inject('s3');
  if (provided) return provided;
  const env = {} as S3TestEnv;
  for (const [key, name] of Object.entries(S3_ENV_VARS) as [keyof S3TestEnv, string][]) {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: is tests/integration/global-setup.ts running?`);
    env[key] = value;
  }
  return env;
}

export interface TestBucket {
  bucket: string;
  client: S3Client;
  env: S3TestEnv;
  /** Deletes every object and then the bucket; safe to call twice. */
  destroy: () => Promise<void>;
}

/** Creates a uniquely named bucket, e.g. `createTestBucket('contract')` → `contract-m3x9k2-a1b2c3`. */
export async function createTestBucket(prefix: string): Promise<TestBucket> {
  const env = s3TestEnv();
  const client = createS3Client(env);
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'test';
  const suffix = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const bucket = `${clean.slice(0, 63 - suffix.length - 1)}-${suffix}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return { bucket, client, env, destroy: () => destroyBucket(client, bucket) };
}

async function destroyBucket(client: S3Client, bucket: string): Promise<void> {
  try {
    for (;;) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, MaxKeys: 1000 }));
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length === 0) break;
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
  } catch (error) {
    if ((error as { name?: string }).name !== 'NoSuchBucket') throw error;
  }
}

/** The POST /api/s3-configs body of a config on a test bucket; `extra` adds name, folder, flags. */
export function s3ConfigBody(bucket: TestBucket, extra: Record<string, unknown>) {
  return {
    provider_type: 'Other',
    endpoint_url: bucket.env.endpoint,
    bucket_name: bucket.bucket,
    region: bucket.env.region,
    access_key_id: bucket.env.accessKeyId,
    secret_access_key: bucket.env.secretAccessKey,
    path_style: true,
    ...extra,
  };
}

/**
 * Short S3 timeouts for the tests that freeze S3 on purpose: what they prove (a 503 instead of a
 * hang, a stream cut, a recovery) does not depend on the length, and the defaults (12 s, twice, and
 * 30 s) would be waited out on every run. Long enough for a 5 MiB part to a local Swift.
 */
export const QUICK_S3_TIMEOUTS = { S3_REQUEST_TIMEOUT_SECONDS: '6', S3_IDLE_TIMEOUT_SECONDS: '6' };
