import { randomUUID } from 'node:crypto';
import type { Admin } from '~/generated/prisma/client';
import { randomString, sha256Hex } from '~/auth/tokens.server';
import { clearAuthCaches } from '~/auth/auth-cache.server';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';

/**
 * App passwords (issue 44): what WebDAV clients and scripts send with an account's name once the
 * account has a second factor, whose main password then never opens /dav. Random (24 characters,
 * about 140 bits), shown once, stored as SHA-256 digests, named and revocable one by one.
 */
const LENGTH = 24;
const MAX_PER_ACCOUNT = 50;

export interface AppPasswordRecord {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listAppPasswords(ctx: ModelContext, accountId: string): Promise<AppPasswordRecord[]> {
  return ctx.db.appPassword.findMany({
    where: { accountId },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true },
    orderBy: { createdAt: 'desc' },
  });
}

/** A new app password; the answer is the only time it is seen. */
export async function createAppPassword(
  ctx: ModelContext,
  accountId: string,
  name: string,
): Promise<AppPasswordRecord & { password: string }> {
  const trimmed = name.trim().slice(0, 100);
  if (!trimmed) throw new AppError('invalid', 'appPasswordNameRequired');
  if ((await ctx.db.appPassword.count({ where: { accountId } })) >= MAX_PER_ACCOUNT)
    throw new AppError('invalid', 'appPasswordsTooMany', { max: MAX_PER_ACCOUNT });
  const password = randomString(LENGTH);
  const row = await ctx.db.appPassword.create({
    data: { id: randomUUID(), accountId, name: trimmed, digest: sha256Hex(password) },
  });
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: null, password };
}

export async function revokeAppPassword(ctx: ModelContext, accountId: string, id: string): Promise<string> {
  const row = await ctx.db.appPassword.findFirst({ where: { id, accountId } });
  if (!row) throw new AppError('not_found', 'appPasswordNotFound');
  await ctx.db.appPassword.delete({ where: { id } });
  clearAuthCaches();
  return row.name;
}

/** The account an app password opens, when it is that account's (by name) and the account is enabled. */
export async function accountOfAppPassword(ctx: ModelContext, username: string, password: string) {
  if (password.length !== LENGTH) return null;
  const row = await ctx.db.appPassword.findUnique({
    where: { digest: sha256Hex(password) },
    include: { account: { include: { rightsKey: true } } },
  });
  if (!row || row.account.username !== username || row.account.disabled) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000)
    await ctx.db.appPassword.updateMany({ where: { id: row.id }, data: { lastUsedAt: new Date() } });
  return row.account satisfies Admin;
}
