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
}
