import type { UploadArrival, UploadRequest } from '~/generated/prisma/client';

/** An upload request as its creator sees it (no password hash): docs/api-extensions.md §9. */
export interface UploadRequestRecord {
  id: string;
  slug: string;
  title: string;
  note: string | null;
  /** Where files go: the request's own folder, or each a file share of its creator. */
  target: RequestTarget;
  /** The request's own folder, a virtual path ending in "/"; null for a request of shares. */
  folderPath: string | null;
  hasPassword: boolean;
  expiresAt: Date | null;
  maxFiles: number | null;
  maxFileBytes: number | null;
  maxTotalBytes: number | null;
  showArrivals: boolean;
  closedAt: Date | null;
  createdBy: string;
  createdAt: Date;
  /** open, closed by its creator, expired, or full (its file or byte limit reached). */
  state: RequestState;
  /** Files stored, their bytes, and how many arrived since the creator last looked. */
  files: number;
  bytes: number;
  newFiles: number;
}

export type RequestState = 'open' | 'closed' | 'expired' | 'full';
export type RequestTarget = 'folder' | 'shares';

export interface ArrivalRecord {
  id: string;
  name: string;
  size: number;
  note: string | null;
  createdAt: Date;
  /** A request of shares: the file share it became (while it exists). */
  shareSlug: string | null;
}

export interface ArrivalTotals {
  files: number;
  bytes: number;
  newFiles: number;
}

export function stateOf(
  row: UploadRequest,
  totals: Pick<ArrivalTotals, 'files' | 'bytes'>,
  now = new Date(),
): RequestState {
  if (row.closedAt) return 'closed';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.maxFiles !== null && totals.files >= row.maxFiles) return 'full';
  if (row.maxTotalBytes !== null && totals.bytes >= Number(row.maxTotalBytes)) return 'full';
  return 'open';
}

export function toRequestRecord(row: UploadRequest, totals: ArrivalTotals): UploadRequestRecord {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    note: row.note,
    target: row.target === 'shares' ? 'shares' : 'folder',
    folderPath: row.target === 'shares' ? null : row.folderPath,
    hasPassword: row.passwordHash !== null,
    expiresAt: row.expiresAt,
    maxFiles: row.maxFiles,
    maxFileBytes: row.maxFileBytes === null ? null : Number(row.maxFileBytes),
    maxTotalBytes: row.maxTotalBytes === null ? null : Number(row.maxTotalBytes),
    showArrivals: row.showArrivals,
    closedAt: row.closedAt,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    state: stateOf(row, totals),
    ...totals,
  };
}

export const toArrivalRecord = (row: UploadArrival, shareSlug: string | null = null): ArrivalRecord => ({
  id: row.id,
  name: row.name,
  size: Number(row.reserved),
  note: row.note,
  createdAt: row.createdAt,
  shareSlug,
});
