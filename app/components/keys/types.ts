/** One access key as the key-management page shows it (the route builds it from the model's record). */
export interface ApiKeyView {
  id: string;
  name: string;
  key: string;
  permissions: number;
  role: string;
  basePath: string;
  isGuest: boolean;
  lastUsedAt: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  /** Its quotas in bytes (shares a day for dayShares), null for none (decision 0034). */
  quotas: { bytes: number | null; dayBytes: number | null; dayShares: number | null; fileBytes: number | null };
  /** What it has used of them: stored now, and stored and shared today (UTC). */
  usage: { storedBytes: number; dayBytes: number; dayShares: number } | null;
  /** Its S3 access key id (docs/s3.md), null until it has one. */
  s3AccessKeyId: string | null;
  /** The S3 secret, only in the answer that made the key. */
  s3SecretAccessKey?: string;
}
