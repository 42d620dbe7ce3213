import type { FsItem, FsListing } from '~/models/fs/browse.server';
import { WIRE_STORAGE_TYPE } from './mounts';

/** fs/list (docs/product/api.md §3.10): a virtual folder, or a real directory of a mount. */
export function presentListing(listing: FsListing) {
  if (listing.kind === 'virtual') {
    return {
      path: listing.path,
      isDirectory: true,
      isVirtual: true,
      items: listing.items.map((i) =>
        i.mount
          ? {
              name: i.name,
              path: i.path,
              isDirectory: true,
              isMount: true,
              mountId: i.mount.id,
              storageType: WIRE_STORAGE_TYPE,
            }
          : { name: i.name, path: i.path, isDirectory: true, isVirtual: true },
      ),
    };
  }
  return {
    path: listing.path,
    type: 'directory',
    isRoot: false,
    isVirtual: false,
    mount_id: listing.mount.id,
    storage_type: WIRE_STORAGE_TYPE,
    items: listing.items.map((e) =>
      e.isDirectory
        ? { name: e.name, path: e.path, isDirectory: true, isVirtual: false, size: e.size, modified: null }
        : {
            name: e.name,
            path: e.path,
            isDirectory: false,
            size: e.size,
            modified: e.modified?.toISOString() ?? null,
            etag: e.etag,
          },
    ),
  };
}

/** fs/get: a file with its preview and download URLs, or a directory. */
export function presentItem(item: FsItem) {
  if (item.isDirectory) {
    return {
      path: item.path,
      name: item.name,
      isDirectory: true,
      size: 0,
      modified: null,
      contentType: 'application/x-directory',
      mount_id: item.mount?.id ?? null,
      storage_type: item.mount ? WIRE_STORAGE_TYPE : null,
    };
  }
  return {
    path: item.path,
    name: item.name,
    isDirectory: false,
    size: item.size,
    modified: item.modified?.toISOString() ?? null,
    contentType: item.contentType,
    etag: item.etag,
    mount_id: item.mount.id,
    storage_type: WIRE_STORAGE_TYPE,
    preview_url: item.previewUrl,
    download_url: item.downloadUrl,
  };
}
