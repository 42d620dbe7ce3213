import type { MountRecord } from '~/models/mounts/mounts.server';

/**
 * A mount's `storage_type` on the wire: "S3", the one type the v0.7.3 client knows — answering
 * "LOCAL" for a mount of local storage left it out of the client's base-path picker and blank in its
 * edit form (issue 28 B10). What the storage is, the mount's storage config says.
 */
export const WIRE_STORAGE_TYPE = 'S3';

/** The mount object of docs/product/api.md §2.10 / §3.6: every column, booleans as 0/1 as v0.7.3 stores them. */
export function presentMount(m: MountRecord) {
  return {
    id: m.id,
    name: m.name,
    storage_type: WIRE_STORAGE_TYPE,
    storage_config_id: m.storageConfigId,
    mount_path: m.mountPath,
    /** Ours (docs/api-extensions.md): "" for the storage's root. */
    root_folder: m.rootFolder,
    remark: m.remark,
    is_active: m.isActive ? 1 : 0,
    created_by: m.createdBy,
    sort_order: m.sortOrder,
    cache_ttl: m.cacheTtl,
    web_proxy: m.webProxy ? 1 : 0,
    webdav_policy: m.webdavPolicy,
    enable_sign: m.enableSign ? 1 : 0,
    sign_expires: m.signExpires,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
    last_used: m.lastUsedAt?.toISOString() ?? null,
  };
}

/** What /user/mounts adds for keys: whether the mount's storage is public (§3.6). */
export function presentUserMount(m: MountRecord) {
  return { ...presentMount(m), is_public: m.isPublic ? 1 : 0 };
}
