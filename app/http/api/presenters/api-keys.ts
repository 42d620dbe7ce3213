import { permissionNames } from '~/lib/permissions';
import type { ApiKeyRecord } from '~/models/accounts/api-keys.server';
import type { S3Credentials } from '~/models/accounts/s3-credentials.server';
import type { QuotaUsage } from '~/models/quotas/quotas.server';

/**
 * The key object of docs/product/api.md §3.2, with its quotas and what it has used of them
 * (docs/api-extensions.md §12). It carries the secret: only admins ever get it.
 */
export function presentApiKey(key: ApiKeyRecord & { usage?: QuotaUsage }) {
  return {
    id: key.id,
    name: key.name,
    key: key.key,
    key_masked: `${key.key.slice(0, 6)}...`,
    permissions: key.permissions,
    role: key.role,
    basic_path: key.basePath,
    is_guest: key.isGuest ? 1 : 0,
    last_used: key.lastUsedAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt.toISOString(),
    expired: key.expiresAt.getTime() <= Date.now(),
    permission_names: permissionNames(key.permissions),
    // The member whose own key it is (docs/api-extensions.md §16), or null.
    owner: key.owner,
    quota_bytes: key.quotas.bytes,
    quota_day_bytes: key.quotas.dayBytes,
    quota_day_shares: key.quotas.dayShares,
    quota_file_bytes: key.quotas.fileBytes,
    // The S3 door's credentials (docs/s3.md §2): the secret only in the answer that made it.
    s3_access_key_id: key.s3AccessKeyId,
    ...(key.s3SecretAccessKey && { s3_secret_access_key: key.s3SecretAccessKey }),
    ...(key.usage && {
      usage: {
        stored_bytes: key.usage.storedBytes,
        day_bytes: key.usage.dayBytes,
        day_shares: key.usage.dayShares,
      },
    }),
  };
}

/** New S3 credentials of a key (POST /api/admin/api-keys/{id}/s3-credentials): shown this once. */
export function presentS3Credentials(credentials: S3Credentials) {
  return { s3_access_key_id: credentials.accessKeyId, s3_secret_access_key: credentials.secretAccessKey };
}
