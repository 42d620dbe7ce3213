/** An upload request as its visitor's page shows it (built by routes/request/page.tsx). */
export interface RequestView {
  slug: string;
  title: string;
  note: string | null;
  hasPassword: boolean;
  grant: string | null;
  expiresAt: string | null;
  maxFiles: number | null;
  maxFileBytes: number;
  maxTotalBytes: number | null;
  files: number;
  bytes: number;
  state: 'open' | 'closed' | 'expired' | 'full';
  arrivals: { name: string; size: number; createdAt: string }[] | null;
}
