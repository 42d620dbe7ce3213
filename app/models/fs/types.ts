import type { MountRecord } from '~/models/mounts/types';
import type { Principal } from '~/auth/principal';
import type { StorageDriver } from '~/storage/types';
import type { VirtualPath } from '~/storage/vfs/path';

/** The types the fs models share (declared here once; docs/architecture.md §5). */

/** One entry of a real directory (docs/product/api.md §3.10 fs/list). */
export interface FsEntry {
  name: string;
  /** Virtual path; a directory's ends in "/". */
  path: string;
  isDirectory: boolean;
  size: number;
  modified: Date | null;
  etag: string | null;
}

/**
 * Where a virtual path leads for one principal (docs/architecture.md §5), checked once for every
 * fs operation: the operation's permission bit, the path's form, the key's base path (by segment;
 * navigation may also pass through the folders above it) and the mounts the principal may see.
 */
export type Located =
  | { kind: 'virtual'; path: VirtualPath; children: { name: string; mount: MountRecord | null }[] }
  | {
      kind: 'mount';
      path: VirtualPath;
      mount: MountRecord;
      key: string;
      driver: StorageDriver;
      expiresIn: number;
      /** The storage config behind the mount (copies within one config stay server-side). */
      configId: string;
      /** Who located it: the audit log names them for what is written there (after-write.server.ts). */
      principal: Principal;
    };

/** A located path inside a mount: what every write works on. */
export type InMount = Extract<Located, { kind: 'mount' }>;
