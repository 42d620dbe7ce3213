/** What the account pages show (routes/admin/users.tsx, routes/admin/account.tsx): dates as ISO strings. */
export interface AccountView {
  id: string;
  username: string;
  name: string;
  email: string | null;
  role: 'admin' | 'member';
  disabled: boolean;
  secondFactor: boolean;
  invited: boolean;
  inviteExpired: boolean;
  permissions: number;
  basePath: string;
  quotas: { bytes: number | null; dayBytes: number | null; dayShares: number | null; fileBytes: number | null } | null;
  isYou: boolean;
}

export interface SessionView {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  address: string | null;
  agent: string | null;
}
