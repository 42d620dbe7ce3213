import { randomUUID } from 'node:crypto';
import { audit, audited } from '~/models/audit/record.server';
import type { ApiKey } from '~/generated/prisma/client';
import { WITH_RIGHTS, accountName, keyRowPrincipal, type AccountRow } from './account-principal.server';
import { authorize } from '~/auth/operations';
import type { ApiKeyPrincipal, Principal } from '~/auth/principal';
import { decrypt, encrypt } from '~/auth/secrets.server';
import { randomString, safeEqual, sha256Hex } from '~/auth/tokens.server';
import { authCache, clearAuthCaches } from '~/auth/auth-cache.server';
import { AppError } from '~/lib/errors';
import { normalizePath } from '~/lib/permissions';
import { NEVER_EXPIRES, type CreateApiKeyInput, type UpdateApiKeyInput } from '~/lib/schemas/api-keys';
import type { ModelContext } from '~/models/context.server';
import { newS3Credentials } from './s3-secrets.server';
import { limitsOf, quotaUsage, type QuotaLimits, type QuotaUsage } from '~/models/quotas/quotas.server';

/** Generated keys: 24 alphanumerics, about 143 bits. */
const GENERATED_KEY_LENGTH = 24;
const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used is refreshed at most this often, so key traffic does not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** A member's rights row is changed with the member (models/accounts/accounts.server.ts), never as a key. */
export const NOT_RIGHTS = { rightsOf: { is: null } } as const;

/** The include that loads a key's account (and the account's rights) with it. */
export const KEY_ACCOUNT = { account: { include: WITH_RIGHTS } } as const;

/**
 * The principal for a presented key, or null when no key matches or it has expired. Looked up by
 * SHA-256 digest and then compared in constant time (docs/architecture.md §5).
 */
const cache = authCache<{ principal: ApiKeyPrincipal; expiresAt: number }>();

export async function authenticateApiKey(ctx: ModelContext, key: string): Promise<ApiKeyPrincipal | null> {
  const { db } = ctx;
  if (!key || key.length > 200) return null;
  const digest = sha256Hex(key);
  const cached = cache.get(digest);
  if (cached && cached.expiresAt > Date.now()) return cached.principal;
  const row = await db.apiKey.findUnique({ where: { keyDigest: digest }, include: KEY_ACCOUNT });
  if (!row || !safeEqual(row.keyDigest, digest)) return null;
  const now = new Date();
  if (row.expiresAt <= now) return null;
  const principal = keyRowPrincipal(row, { asKey: true });
  if (!principal) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.apiKey.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  cache.set(digest, { principal, expiresAt: row.expiresAt.getTime() });
  return principal;
}

/** expires_at input (docs/product/api.md §1.9): missing or "" → in one day; null or "never" → never; else a date. */
export function parseKeyExpiry(value: string | null | undefined, now = Date.now()): Date {
  if (value === undefined || value === '') return new Date(now + DAY_MS);
  if (value === null || value === 'never') return new Date(NEVER_EXPIRES);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new AppError('invalid', 'expiryInvalid');
  return date;
}

export function normalizeBasePath(value: string): string {
  const normalized = normalizePath(value || '/');
  if (normalized === null || !value.startsWith('/')) throw new AppError('invalid', 'basicPathInvalid');
  return normalized;
}

/** A key as an admin sees it: the secret included (it can be shown again), no digest. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  key: string;
  permissions: number;
  role: string;
  basePath: string;
  isGuest: boolean;
  lastUsedAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
  /** Its quotas (decision 0034), null where it has none. */
  quotas: QuotaLimits;
  /** The member whose own key it is (decision 0039), or null for a key an admin handed out. */
  owner: { id: string; name: string } | null;
  /** Its S3 access key id (docs/s3.md), null for a key made before the S3 door until regenerated. */
  s3AccessKeyId: string | null;
  /** The S3 secret, only in the answer that made it (never stored readable by anyone but SigV4). */
  s3SecretAccessKey?: string;
}

export function toRecord(row: ApiKey & { account?: AccountRow | null }, masterKey: Buffer): ApiKeyRecord {
  return {
    owner: row.account ? { id: row.account.id, name: accountName(row.account) } : null,
    id: row.id,
    name: row.name,
    key: decrypt(masterKey, row.keyEnc),
    permissions: row.permissions,
    role: row.role,
    basePath: row.basicPath,
    isGuest: row.isGuest,
    lastUsedAt: row.lastUsedAt,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    quotas: limitsOf(row),
    s3AccessKeyId: row.s3AccessKeyId,
  };
}

/**
 * The logged-in key's own secret, which the scripts page writes into ready-to-run commands: the
 * key's holder already has it (they logged in with it), nobody else gets it here.
 */
export async function ownApiKeySecret(ctx: ModelContext, principal: Principal): Promise<string | null> {
  if (principal.kind !== 'apikey') return null;
  const row = await ctx.db.apiKey.findUnique({ where: { id: principal.keyId } });
  return row ? decrypt(ctx.masterKey, row.keyEnc) : null;
}

export async function listApiKeys(
  ctx: ModelContext,
  principal: Principal,
): Promise<(ApiKeyRecord & { usage: QuotaUsage })[]> {
  authorize(principal, 'keys.manage');
  // A member's rights row is the member's, listed with the accounts, never as a key.
  const rows = await ctx.db.apiKey.findMany({
    where: NOT_RIGHTS,
    include: KEY_ACCOUNT,
    orderBy: { createdAt: 'desc' },
  });
  const usage = await quotaUsage(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...toRecord(row, ctx.masterKey), usage: usage.get(row.id)! }));
}

/** The quota columns of a create or an update: undefined keeps, null clears. */
export function quotaColumns(
  input: Partial<Pick<CreateApiKeyInput, 'quota_bytes' | 'quota_day_bytes' | 'quota_day_shares' | 'quota_file_bytes'>>,
) {
  const big = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : BigInt(v));
  return {
    quotaBytes: big(input.quota_bytes),
    quotaDayBytes: big(input.quota_day_bytes),
    quotaDayShares: input.quota_day_shares,
    quotaFileBytes: big(input.quota_file_bytes),
  };
}

async function assertNameFree(ctx: ModelContext, name: string, exceptId?: string) {
  const { db } = ctx;
  const existing = await db.apiKey.findUnique({ where: { name } });
  if (existing && existing.id !== exceptId) throw new AppError('conflict', 'keyNameTaken');
}

export async function createApiKey(
  ctx: ModelContext,
  principal: Principal,
  input: CreateApiKeyInput,
): Promise<ApiKeyRecord> {
  authorize(principal, 'keys.manage');
  return audited(ctx, principal, { action: 'apikey.create', target: input.name }, () => insertApiKey(ctx, input));
}

/** A new key row; `accountId` for a member's own key (models/accounts/own-keys.server.ts). */
export async function insertApiKey(
  ctx: ModelContext,
  input: CreateApiKeyInput,
  accountId: string | null = null,
): Promise<ApiKeyRecord> {
  const { db, masterKey } = ctx;
  await assertNameFree(ctx, input.name);
  const key = input.custom_key || randomString(GENERATED_KEY_LENGTH);
  const keyDigest = sha256Hex(key);
  if (await db.apiKey.findUnique({ where: { keyDigest } })) throw new AppError('conflict', 'keyTaken');
  const s3 = newS3Credentials(masterKey);
  const row = await db.apiKey.create({
    data: {
      id: randomUUID(),
      name: input.name,
      keyDigest,
      keyEnc: encrypt(masterKey, key),
      permissions: input.permissions,
      role: input.role,
      basicPath: normalizeBasePath(input.basic_path),
      isGuest: input.is_guest,
      expiresAt: parseKeyExpiry(input.expires_at),
      accountId,
      ...quotaColumns(input),
      ...s3.columns,
    },
    include: KEY_ACCOUNT,
  });
  return { ...toRecord(row, masterKey), s3SecretAccessKey: s3.credentials.secretAccessKey };
}

export async function updateApiKey(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  input: UpdateApiKeyInput,
): Promise<void> {
  authorize(principal, 'keys.manage');
  const { db } = ctx;
  const existing = await db.apiKey.findFirst({ where: { id, ...NOT_RIGHTS } });
  if (!existing) throw new AppError('not_found', 'keyNotFound');
  if (input.name !== undefined) await assertNameFree(ctx, input.name, id);
  await db.apiKey.update({
    where: { id },
    data: {
      name: input.name,
      permissions: input.permissions,
      role: input.role,
      basicPath: input.basic_path === undefined ? undefined : normalizeBasePath(input.basic_path),
      isGuest: input.is_guest,
      expiresAt: input.expires_at === undefined ? undefined : parseKeyExpiry(input.expires_at),
      ...quotaColumns(input),
    },
  });
  // Permissions, base path or expiry may have changed: no cached credential may outlive that.
  clearAuthCaches();
  const fields = Object.keys(input).filter((field) => input[field as keyof UpdateApiKeyInput] !== undefined);
  audit(ctx, principal, { action: 'apikey.update', target: existing.name, detail: fields.join(', ') });
}

export async function deleteApiKey(ctx: ModelContext, principal: Principal, id: string): Promise<void> {
  authorize(principal, 'keys.manage');
  const key = await ctx.db.apiKey.findUnique({ where: { id }, select: { name: true } });
  const { count } = await ctx.db.apiKey.deleteMany({ where: { id, ...NOT_RIGHTS } });
  clearAuthCaches();
  if (count === 0) throw new AppError('not_found', 'keyNotFound');
  audit(ctx, principal, { action: 'apikey.delete', target: key?.name ?? id });
}
