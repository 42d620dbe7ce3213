/**
 * The app's own names in a storage (decision 0020): every name beginning `.cloudclip-` is the app's,
 * and no door lists, reads, writes, shares or deletes it — not the mount gate (models/fs/locate),
 * not a share's gate (models/shares/share-folder), not a mount's root folder (lib/schemas/mounts).
 * Each use the app has for such a name is declared here, once.
 */
export const RESERVED_NAME_START = '.cloudclip-';

/** Whether one path segment (a file or folder name) is the app's own. */
export const isReservedName = (name: string): boolean => name.startsWith(RESERVED_NAME_START);

/** Where the app keeps what it stores beside the users' files, by use (keys of a storage). */
export const RESERVED = {
  /** Uploaded file shares' objects (decision 0020). */
  shares: '.cloudclip-shares/',
  /** A share upload's single PUT until its commit (decision 0009). */
  pendingShares: '.cloudclip-pending/',
  /** An explorer's presigned PUT into a mount until its commit (issue 42, item 1). */
  pendingFs: '.cloudclip-pending-fs/',
  /** What deletes and overwrites took away (decision 0036). */
  bin: '.cloudclip-bin/',
  /** Scheduled backups (decision 0032). */
  backups: '.cloudclip-backups/',
  /** The local driver's temp files and multipart parts, and its marker of an empty folder. */
  localTemp: '.cloudclip-tmp',
  localMultipart: '.cloudclip-multipart',
  folderMarker: '.cloudclip-folder',
} as const;
