import { apiKeyFormFields, apiKeyFormToInput, type ApiKeyFormErrors } from './api-key-form';

/**
 * The HTML account form (invite and edit, Admin → Accounts) to the JSON-shaped input of
 * `createAccountSchema` / `updateAccountSchema`. The rights part (permissions, base path, quotas) is
 * the key form's, so both forms read and check them the same way. Client-safe and pure.
 */
export interface AccountFormFields {
  username?: string;
  name?: string;
  email?: string;
  role?: string;
  password?: string;
  invite_days?: string;
  permissions?: string[];
  basic_path?: string;
  quota_mb?: string;
  quota_day_mb?: string;
  quota_file_mb?: string;
  quota_day_shares?: string;
}

export function accountFormFields(form: FormData): AccountFormFields {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const key = apiKeyFormFields(form);
  return {
    username: text('username'),
    name: text('name'),
    email: text('email'),
    role: text('role'),
    password: text('password'),
    invite_days: text('invite_days'),
    permissions: key.permissions,
    basic_path: key.basic_path,
    quota_mb: key.quota_mb,
    quota_day_mb: key.quota_day_mb,
    quota_file_mb: key.quota_file_mb,
    quota_day_shares: key.quota_day_shares,
  };
}

export function accountFormToInput(
  fields: AccountFormFields,
  mode: 'create' | 'update',
): { ok: true; input: Record<string, unknown> } | { ok: false; errors: ApiKeyFormErrors } {
  const rights = apiKeyFormToInput({ ...fields, name: 'account', expiry: 'keep' }, 'update');
  if (!rights.ok) return rights;
  const { permissions, basic_path, quota_bytes, quota_day_bytes, quota_day_shares, quota_file_bytes } = rights.input;
  const input: Record<string, unknown> = {
    name: fields.name ?? '',
    email: fields.email ?? '',
    role: fields.role,
    permissions,
    basic_path,
    quota_bytes,
    quota_day_bytes,
    quota_day_shares,
    quota_file_bytes,
  };
  if (mode === 'create') {
    input.username = fields.username ?? '';
    input.password = fields.password ?? '';
    if (fields.invite_days) input.invite_days = fields.invite_days;
  }
  return { ok: true, input };
}
