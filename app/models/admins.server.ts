import { randomUUID } from 'node:crypto';
import type { Db } from '~/db/client.server';
import { generatePassword, hashPassword } from '~/auth/password.server';

export interface FirstAdminResult {
  created: boolean;
  username?: string;
  /** Only when the password was generated: the caller prints it once. */
  generatedPassword?: string;
}

/**
 * Creates the first admin when there is none: from ADMIN_USERNAME/ADMIN_PASSWORD, or with a random
 * password that the caller prints once. There is no fixed default password.
 */
export async function ensureFirstAdmin(
  db: Db,
  wanted: { username?: string; password?: string },
): Promise<FirstAdminResult> {
  if ((await db.admin.count()) > 0) return { created: false };
  const username = wanted.username?.trim() || 'admin';
  const generatedPassword = wanted.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(wanted.password ?? generatedPassword!);
  await db.admin.create({ data: { id: randomUUID(), username, passwordHash } });
  return { created: true, username, generatedPassword };
}
