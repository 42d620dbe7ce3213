import { hasPermission } from '~/lib/permissions';

/** Who is asking (docs/architecture.md §1): resolved once per request by every door. */
export type Principal =
  | { kind: 'admin'; adminId: string; username: string }
  | {
      kind: 'apikey';
      keyId: string;
      name: string;
      permissions: number;
      basePath: string;
      role: string;
      isGuest: boolean;
      /**
       * A member's account (issue 44, decision 0039): set when a member signed in, or when one of the
       * member's own keys is used; null for the keys an admin hands out.
       */
      accountId: string | null;
      /**
       * The key row whose quotas are charged and whose id `created_by` carries: the key itself, or
       * for a member and the member's own keys, the account's rights row, so they share one quota
       * and one set of shares.
       */
      ownerKeyId: string;
    }
  | { kind: 'anonymous' };

export type ApiKeyPrincipal = Extract<Principal, { kind: 'apikey' }>;

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/** The created_by value stored on pastes and files: admin id, or "apikey:<key id>". */
export function creatorId(principal: Principal): string | null {
  if (principal.kind === 'admin') return principal.adminId;
  if (principal.kind === 'apikey') return `apikey:${principal.ownerKeyId}`;
  return null;
}

/** The created_by values that are a key's (or a member's) own: with and without the "apikey:" prefix. */
export function creatorIds(principal: ApiKeyPrincipal): string[] {
  return [`apikey:${principal.ownerKeyId}`, principal.ownerKeyId];
}

/**
 * File-creator check (docs/product/spec.md §6): an admin always passes; a key only when created_by is its id,
 * with or without the "apikey:" prefix.
 */
export function isCreator(principal: Principal, createdBy: string | null | undefined): boolean {
  if (principal.kind === 'admin') return true;
  if (principal.kind !== 'apikey' || !createdBy) return false;
  return creatorIds(principal).includes(createdBy);
}

/** Admins hold every permission; keys hold their bits; anonymous holds none. */
export function principalHas(principal: Principal, required: number): boolean {
  if (principal.kind === 'admin') return true;
  if (principal.kind === 'apikey') return hasPermission(principal.permissions, required);
  return false;
}
