import { permissionNames } from '~/lib/permissions';
import type { AccountRecord, SessionRecord } from '~/models/accounts/accounts.server';

/** An account as `/api/admin/users` shows it (docs/api-extensions.md §16): never a password or a secret. */
export function presentUser(account: AccountRecord) {
  return {
    id: account.id,
    username: account.username,
    name: account.name,
    email: account.email,
    role: account.role,
    disabled: account.disabled,
    second_factor: account.secondFactor,
    invited: account.invited,
    invite_expires_at: account.inviteExpiresAt?.toISOString() ?? null,
    created_at: account.createdAt.toISOString(),
    permissions: account.permissions,
    permission_names: permissionNames(account.permissions),
    basic_path: account.basePath,
    quota_bytes: account.quotas?.bytes ?? null,
    quota_day_bytes: account.quotas?.dayBytes ?? null,
    quota_day_shares: account.quotas?.dayShares ?? null,
    quota_file_bytes: account.quotas?.fileBytes ?? null,
    ...(account.usage && {
      usage: {
        stored_bytes: account.usage.storedBytes,
        day_bytes: account.usage.dayBytes,
        day_shares: account.usage.dayShares,
      },
    }),
  };
}

/** A new account, with its one-time sign-in link when it was invited (shown once). */
export function presentCreatedUser(account: AccountRecord, inviteUrl: string | null) {
  return { ...presentUser(account), invite_url: inviteUrl };
}

export function presentInvitation(url: string, expiresAt: Date) {
  return { invite_url: url, expires_at: expiresAt.toISOString() };
}

export function presentSession(session: SessionRecord) {
  return {
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_seen_at: session.lastSeenAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    address: session.address,
    agent: session.agent,
  };
}

export function presentEnded(count: number) {
  return { ended: count };
}
