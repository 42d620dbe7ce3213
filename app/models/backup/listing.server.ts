/**
 * The share objects a backup's snapshot names (decision 0032): those of the embedded storage, which
 * the backup holds, are checked against what it holds; the others (S3, local storage outside the
 * data folder) are listed with their keys, sizes and ETags, not copied.
 */

/** A share object and where it lives; the same statement on SQLite and PostgreSQL. */
export interface ShareObject {
  config_id: string;
  storage_type: string;
  root_path: string | null;
  bucket_name: string | null;
  endpoint_url: string | null;
  storage_path: string;
  size: number | bigint | string;
  etag: string | null;
}

export const SHARE_OBJECTS_SQL = `SELECT c.id AS config_id, c.storage_type, c.root_path, c.bucket_name, c.endpoint_url,
       f.storage_path, f.size, f.etag
  FROM files f JOIN storage_configs c ON c.id = f.storage_config_id
 WHERE f.kind = 'file' AND f.status = 'ready'`;

export interface ListedObject {
  config: string;
  kind: string;
  bucket: string | null;
  endpoint: string | null;
  key: string;
  size: number;
  etag: string | null;
}

/** Whether a local config keeps its objects in the embedded storage folder (which the backup holds). */
const isEmbedded = (rootPath: string | null) => !rootPath || rootPath === 'storage';

/** The objects to list, and those of the embedded storage that `held` (the files backed up) lacks. */
export function sortObjects(objects: ShareObject[], held: Set<string>): { listed: ListedObject[]; missing: string[] } {
  const listed: ListedObject[] = [];
  const missing: string[] = [];
  for (const object of objects) {
    if (object.storage_type === 'local' && isEmbedded(object.root_path)) {
      if (!held.has(object.storage_path)) missing.push(object.storage_path);
      continue;
    }
    listed.push({
      config: object.config_id,
      kind: object.storage_type,
      bucket: object.bucket_name,
      endpoint: object.endpoint_url,
      key: object.storage_path,
      size: Number(object.size),
      etag: object.etag,
    });
  }
  return { listed, missing };
}
