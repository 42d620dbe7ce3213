import type { MountRecord } from '~/models/mounts/mounts.server';

/** The mount object of docs/product/api.md §2.10 / §3.6: every column, booleans as 0/1 as v0.7.3 stores them. */
export function presentMount(m: MountRecord) {
  return {
    id: m.id,
    name: m.name,
    storage_type: m.storageType,
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
