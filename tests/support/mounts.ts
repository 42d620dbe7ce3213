import type { ApiCall } from './api-client';
import { s3ConfigBody, type TestBucket } from './s3';

/**
 * Two mounts for the fs suites: `/disk` on the embedded local storage and `/bucket` on a public S3
 * config of `bucket` (Swift). Answers their mount ids by path.
 */
export async function mountDiskAndBucket(
  call: ApiCall,
  auth: string,
  bucket: TestBucket,
  options: { cacheTtl?: number } = {},
): Promise<{ '/disk': string; '/bucket': string }> {
  const localId = (await call('GET', '/s3-configs', { auth })).body.data[0].id;
  const s3 = await call('POST', '/s3-configs', {
    auth,
    body: s3ConfigBody(bucket, { name: bucket.bucket, is_public: true }),
  });
  const ids = { '/disk': '', '/bucket': '' };
  for (const [mount_path, storage_config_id] of [
    ['/disk', localId],
    ['/bucket', s3.body.data.id],
  ] as const) {
    const made = await call('POST', '/admin/mounts', {
      auth,
      body: { name: mount_path, mount_path, storage_config_id, storage_type: 'S3', cache_ttl: options.cacheTtl ?? 300 },
    });
    if (made.status !== 200) throw new Error(`mount ${mount_path}: ${made.text}`);
    ids[mount_path] = made.body.data.id;
  }
  return ids;
}
