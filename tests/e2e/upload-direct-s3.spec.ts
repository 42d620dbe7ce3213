import { GetObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { ADMIN } from './auth-helpers';
import {
  pausedMultipartUpload,
  reloadedMultipartUpload,
  singlePutUpload,
  type ScenarioResult,
  type UploadTarget,
} from './direct-upload-helpers';
import { startSwiftE2e, swiftConfigFields, type SwiftE2e } from './swift-e2e';
import { startServer, type RunningServer } from '../support/server';

/**
 * The JavaScript uploader against a real S3 server (OpenStack Swift with its S3 layer,
 * scripts/swift-s3.sh) on its own ports, behind a private app server: the browser PUTs the bytes
 * straight to Swift through presigned URLs, so Swift's CORS (any origin, ETag exposed) is part of
 * the test. Runs once, in the js project (the uploader needs JavaScript).
 */
// Starts its own S3 server on fixed ports: runs once, in the js project (tag @js, see playwright.config.ts).
test.describe('direct uploads to an S3 storage config', { tag: '@js' }, () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });
  test.use({ locale: 'en-US' });

  let server: RunningServer;
  let swift: SwiftE2e;
  let client: S3Client;
  let bucket: string;
  let target: UploadTarget;

  /** The share's one object in the bucket holds the uploaded bytes; no multipart upload is left open. */
  async function expectStoredOnce({ name, bytes }: ScenarioResult): Promise<void> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: '.cloudclip-shares/direct/' }));
    const stored = name.replace(/ /g, '_');
    const keys = (listed.Contents ?? []).map((o) => o.Key!).filter((key) => key.endsWith(`-${stored}`));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^\\.cloudclip-shares/direct/\\w{6}-${stored.replace('.', '\\.')}$`));
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keys[0] }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    const open = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    expect(open.Uploads ?? [], 'no unfinished multipart upload is left behind').toEqual([]);
  }

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    swift = await startSwiftE2e({ name: 'direct', port: 18581, basePort: 16610, bucketPrefix: 'e2e-direct' });
    ({ client, bucket } = swift);

    server = await startServer({ adminPassword: ADMIN.password });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const created = await fetch(`${server.url}/api/s3-configs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...swiftConfigFields(swift), name: 'Direct Swift', default_folder: 'direct' }),
    });
    expect(created.ok, await created.text()).toBe(true);
    target = { base: server.url, storage: /^Direct Swift/, storageOrigin: swift.env.endpoint };
  });

  test.afterAll(async () => {
    test.setTimeout(120_000);
    await server?.stop();
    await swift?.stop();
  });

  test('a small file: one PUT straight to S3 with progress, then the share box; byte-identical', async ({
    page,
  }, testInfo) => {
    await expectStoredOnce(await singlePutUpload(page, testInfo, target));
  });

  test('a large file goes multipart to S3; paused, it finishes the parts in flight, and resumes with the missing parts', async ({
    page,
  }, testInfo) => {
    await expectStoredOnce(await pausedMultipartUpload(page, testInfo, target));
  });

  test('a multipart upload to S3 survives a reload: the same file resumes from the stored parts', async ({
    page,
  }, testInfo) => {
    await expectStoredOnce(await reloadedMultipartUpload(page, testInfo, target));
  });
});
