import type { StorageType } from '~/lib/storage-kinds';
/** Shapes and URL helpers of the mount management page (client-safe). */

export const MOUNTS_PATH = '/admin/mount-management';

/** A mount as the page lists it: dates as ISO strings, plus its storage config's name. */
export interface MountItem {
  id: string;
  name: string;
  mountPath: string;
  /** The folder inside the storage it shows ("" for all of it). */
  rootFolder: string;
  storageType: string;
  storageConfigId: string | null;
  storageName: string | null;
  remark: string | null;
  isActive: boolean;
  sortOrder: number;
  cacheTtl: number;
  webProxy: boolean;
  webdavPolicy: string;
  enableSign: boolean;
  signExpires: number | null;
  lastUsedAt: string | null;
  createdAt: string;
  /** The search index of the mount (docs/architecture.md §9). */
  index: MountIndexView;
}

export interface MountIndexView {
  entries: number;
  status: 'running' | 'completed' | 'failed' | null;
  /** Entries a running rescan has seen so far. */
  scanned: number;
  error: string | null;
  finishedAt: string | null;
}

/** A storage config the form offers. */
export interface StorageChoice {
  id: string;
  name: string;
  storageType: StorageType;
  isDefault: boolean;
}

export const MOUNT_NOTICES = ['created', 'updated', 'deleted', 'activated', 'deactivated', 'indexing'] as const;
export type MountNotice = (typeof MOUNT_NOTICES)[number];

export function mountNoticeOf(value: string | null): MountNotice | null {
  return MOUNT_NOTICES.find((n) => n === value) ?? null;
}

export function mountsHref(params: Record<string, string> = {}, hash = ''): string {
  const search = new URLSearchParams(params).toString();
  return `${MOUNTS_PATH}${search ? `?${search}` : ''}${hash}`;
}

/** The form's fields as posted (strings), for refilling it after a refused submit. */
export interface MountFormValues {
  name: string;
  mount_path: string;
  storage_config_id: string;
  root_folder: string;
  remark: string;
  sort_order: string;
  cache_ttl: string;
  is_active: boolean;
  web_proxy: boolean;
  webdav_policy: string;
  enable_sign: boolean;
  sign_expires: string;
}

export function mountFormValues(form: FormData): MountFormValues {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    name: text('name'),
    mount_path: text('mount_path'),
    storage_config_id: text('storage_config_id'),
    root_folder: text('root_folder'),
    remark: text('remark'),
    sort_order: text('sort_order'),
    cache_ttl: text('cache_ttl'),
    is_active: form.has('is_active'),
    web_proxy: form.has('web_proxy'),
    webdav_policy: text('webdav_policy'),
    enable_sign: form.has('enable_sign'),
    sign_expires: text('sign_expires'),
  };
}

/**
 * The API input of posted values: every field is set (a form always sends the whole mount, and an
 * unticked box means false); blank numbers take the defaults of docs/product/spec.md §5.
 */
export function mountFormToInput(values: MountFormValues) {
  return {
    ...values,
    sort_order: values.sort_order.trim() || '0',
    cache_ttl: values.cache_ttl.trim() || '300',
    webdav_policy: values.webdav_policy || 'native_proxy',
    sign_expires: values.sign_expires.trim() === '' ? null : values.sign_expires,
  };
}

export function mountValuesOf(mount: MountItem): MountFormValues {
  return {
    name: mount.name,
    mount_path: mount.mountPath,
    storage_config_id: mount.storageConfigId ?? '',
    root_folder: mount.rootFolder,
    remark: mount.remark ?? '',
    sort_order: String(mount.sortOrder),
    cache_ttl: String(mount.cacheTtl),
    is_active: mount.isActive,
    web_proxy: mount.webProxy,
    webdav_policy: mount.webdavPolicy,
    enable_sign: mount.enableSign,
    sign_expires: mount.signExpires === null ? '' : String(mount.signExpires),
  };
}
