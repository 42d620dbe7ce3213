import type { StorageConfigRecord } from '~/models/storage/configs.server';

/** The config object of docs/product/api.md §3.5, without either secret (they never leave the server). */
export function presentStorageConfig(c: StorageConfigRecord) {
  return {
    id: c.id,
    name: c.name,
    storage_type: c.storageType,
    provider_type: c.providerType,
    endpoint_url: c.endpointUrl,
    bucket_name: c.bucketName,
    region: c.region,
    path_style: c.pathStyle ? 1 : 0,
    default_folder: c.defaultFolder,
    is_public: c.isPublic ? 1 : 0,
    is_default: c.isDefault ? 1 : 0,
    total_storage_bytes: c.totalStorageBytes,
    custom_host: c.customHost,
    signature_expires_in: c.signatureExpiresIn,
    admin_id: c.adminId,
    has_credentials: c.hasCredentials,
    // WebDAV and SFTP (docs/api-extensions.md): never a password or a key.
    root_folder: c.rootFolder,
    host_key_fingerprint: c.hostKeyFingerprint,
    tls_verify: c.tlsVerify,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    last_used: c.lastUsedAt?.toISOString() ?? null,
  };
}
