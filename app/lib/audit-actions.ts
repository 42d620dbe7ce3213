/**
 * What the audit log records (issue 32, docs/deploy.md "Audit log"), grouped by what they act on;
 * the Admin → Audit log filter offers a group ("fs.") or one action. Stored as these strings.
 */
export const AUDIT_ACTIONS = {
  auth: ['auth.login', 'auth.loginFailed', 'auth.credentialsChange', 'auth.secondFactor', 'auth.appPassword'],
  account: ['account.create', 'account.update', 'account.delete', 'account.resetSecondFactor', 'account.endSessions'],
  apikey: ['apikey.create', 'apikey.update', 'apikey.delete'],
  paste: ['paste.create', 'paste.update', 'paste.delete'],
  file: ['file.create', 'file.update', 'file.delete'],
  request: ['request.create', 'request.update', 'request.reopen', 'request.close', 'request.delete'],
  mount: ['mount.create', 'mount.update', 'mount.delete'],
  storage: ['storage.create', 'storage.update', 'storage.delete', 'storage.default'],
  settings: ['settings.update'],
  fs: ['fs.write', 'fs.delete', 'fs.move', 'fs.restore', 'fs.purge'],
  backup: ['backup.create', 'backup.run', 'backup.restore', 'backup.schedule', 'backup.delete'],
} as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS][number];

export const AUDIT_ACTION_NAMES: readonly string[] = Object.values(AUDIT_ACTIONS).flat();

export type AuditResult = 'ok' | 'denied' | 'failed';

/** What one event says (a row of `audit_events` but its id and time), shared by the model and the page. */
export interface AuditEventFields {
  /** "admin", "apikey", "anonymous" or "system". */
  actorKind: string;
  actorId: string | null;
  actorName: string | null;
  address: string | null;
  action: string;
  target: string | null;
  result: string;
  requestId: string | null;
  door: string | null;
  detail: string | null;
}

/** How long events are kept when the setting says nothing (days), and the longest it may say. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 90;
export const MAX_AUDIT_RETENTION_DAYS = 3650;
