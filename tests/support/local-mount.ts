import type { ApiCall } from './api-client';

/**
 * `/local` on the embedded local storage, its listings never cached (the share suites, integration
 * and browser: this file imports nothing of vitest).
 */
export async function mountLocal(call: ApiCall, auth: string): Promise<void> {
  const localId = (await call('GET', '/s3-configs', { auth })).body.data[0].id;
  const made = await call('POST', '/admin/mounts', {
    auth,
    body: { name: 'Local', mount_path: '/local', storage_config_id: localId, storage_type: 'S3', cache_ttl: 0 },
  });
  if (made.status !== 200) throw new Error(`mount /local: ${made.text}`);
}
