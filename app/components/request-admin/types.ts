/** The upload requests admin page's views (built by routes/admin/upload-requests.tsx). */
export interface RequestRow {
  id: string;
  slug: string;
  url: string;
  title: string;
  target: 'folder' | 'shares';
  /** Null for a request of shares. */
  folderPath: string | null;
  hasPassword: boolean;
  state: 'open' | 'closed' | 'expired' | 'full';
  expiresAt: string | null;
  maxFiles: number | null;
  note: string | null;
  maxFileBytes: number | null;
  maxTotalBytes: number | null;
  showArrivals: boolean;
  files: number;
  bytes: number;
  newFiles: number;
}

export interface ArrivalRow {
  id: string;
  name: string;
  size: number;
  note: string | null;
  createdAt: string;
  /** A request of shares: the file share's page. */
  shareUrl: string | null;
}

export interface ConfirmRequest {
  intent: 'close' | 'delete';
  id: string;
  title: string;
}

export const REQUESTS_PATH = '/admin/upload-requests';

export const EXPIRY_HOURS = { '1d': 24, '7d': 24 * 7, '30d': 24 * 30, never: 0 } as const;
export type RequestExpiry = keyof typeof EXPIRY_HOURS;

/** What the create form sent, to fill it in again after a refusal. */
export type CreateValues = Partial<
  Record<
    | 'title'
    | 'note'
    | 'target'
    | 'folder'
    | 'slug'
    | 'expiry'
    | 'maxFiles'
    | 'maxFileMb'
    | 'maxTotalMb'
    | 'showArrivals',
    string
  >
>;
