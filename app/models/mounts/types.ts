/** A mount as models answer it (docs/product/api.md §2.10); apart from the model so types can name it without it. */
export interface MountRecord {
  id: string;
  name: string;
  /** "S3" or "LOCAL": follows the storage config. */
  storageType: string;
  storageConfigId: string | null;
  mountPath: string;
  /** The folder inside the storage the mount shows: "" (its root) or "a/b/" (issue 27). */
  rootFolder: string;
  remark: string | null;
  isActive: boolean;
  createdBy: string;
  sortOrder: number;
  cacheTtl: number;
  webProxy: boolean;
  webdavPolicy: string;
  enableSign: boolean;
  signExpires: number | null;
  lastUsedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** Keys only see mounts of public configs; a local config counts as public (§1.6). */
  isPublic: boolean;
}
