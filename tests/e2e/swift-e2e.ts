import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, ListBucketsCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client, type S3TestEnv } from '../support/s3-env';

const ROOT = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export interface SwiftE2e {
  env: S3TestEnv;
  client: S3Client;
  bucket: string;
  /** Stops the server and removes its state folder. */
  stop: () => Promise<void>;
}

/**
 * A real S3 server for one browser spec (OpenStack Swift with its S3 layer, scripts/swift-s3.sh) on
 * its own fixed ports, open to any browser origin, with a fresh bucket. Fixed ports mean the spec
 * runs in one Playwright project only (see playwright.config.ts). Swift takes from a few seconds to
 * about a minute to start on a busy machine: give the caller's beforeAll a few minutes.
 */
export async function startSwiftE2e(options: {
  name: string;
  port: number;
  basePort: number;
  bucketPrefix: string;
}): Promise<SwiftE2e> {
  const dir = path.join(ROOT, '.tmp', `swift-e2e-${options.name}`);
  const swift = (command: 'start' | 'stop') =>
    run('bash', [path.join(ROOT, 'scripts/swift-s3.sh'), command], {
      env: {
        ...process.env,
        SWIFT_S3_DIR: dir,
        SWIFT_S3_PORT: String(options.port),
        SWIFT_S3_BASEPORT: String(options.basePort),
        SWIFT_S3_CORS_ORIGINS: '*',
      },
      timeout: 180_000,
    });
  // An aborted earlier run may have left this server behind: stop it by its PID files, start afresh.
  // One more try when the start fails (seen once in a dozen quick restarts).
  for (let attempt = 1; ; attempt++) {
    await swift('stop');
    fs.rmSync(dir, { recursive: true, force: true });
    try {
      await swift('start');
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
      console.warn(`swift-s3.sh start failed, trying again: ${String(error)}`);
    }
  }
  const env: S3TestEnv = {
    endpoint: `http://127.0.0.1:${options.port}`,
    accessKeyId: 'test:tester',
    secretAccessKey: 'testing',
    region: 'us-east-1',
  };
  const client = createS3Client(env);
  // Healthchecks pass before auth is usable: wait for a signed request to work.
  for (let attempt = 0; ; attempt++) {
    try {
      await client.send(new ListBucketsCommand({}));
      break;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const bucket = `${options.bucketPrefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env,
    client,
    bucket,
    stop: async () => {
      client.destroy();
      await swift('stop');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The storage-config fields of an S3 config on `swift`'s bucket (POST /api/s3-configs). */
export function swiftConfigFields(swift: SwiftE2e) {
  return {
    provider_type: 'Other',
    endpoint_url: swift.env.endpoint,
    bucket_name: swift.bucket,
    region: swift.env.region,
    access_key_id: swift.env.accessKeyId,
    secret_access_key: swift.env.secretAccessKey,
    path_style: true,
  };
}
