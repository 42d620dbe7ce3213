/**
 * The recycle bin's settings (issue 42, item 15; docs/api-extensions.md §14), client-safe:
 * the settings form and the models read them. Retention 0 turns the bin off (a delete destroys).
 */
export const DEFAULT_BIN_RETENTION_DAYS = 30;
export const MAX_BIN_RETENTION_DAYS = 3650;

/** A destructive bin action waiting for its confirmation: one entry for good, or everything. */
export type BinConfirm = { intent: 'binPurge'; id: string; name: string } | { intent: 'binEmpty'; count: number };

/** Why something is in the bin: deleted, or replaced by a newer version of the same name. */
export type BinReason = 'deleted' | 'replaced';

/** One entry of the bin as its pages and the API show it. */
export interface BinEntryView {
  id: string;
  name: string;
  /** Where it was (a virtual path), and whether it was a folder. */
  path: string;
  isFolder: boolean;
  size: number;
  files: number;
  reason: BinReason;
  deletedBy: string | null;
  deletedAt: string;
  /** When the sweeper removes it for good. */
  purgeAt: string | null;
}
