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
    }
  | { kind: 'anonymous' };

export type ApiKeyPrincipal = Extract<Principal, { kind: 'apikey' }>;

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/** The created_by value stored on pastes and files: admin id, or "apikey:<key id>". */
export function creatorId(principal: Principal): string | null {
  if (principal.kind === 'admin') return principal.adminId;
  if (principal.kind === 'apikey') return `apikey:${principal.keyId}`;
  return null;
}

/**
 * File-creator check (docs/product/spec.md §6): an admin always passes; a key only when created_by is its id,
 * with or without the "apikey:" prefix.
 */
export function isCreator(principal: Principal, createdBy: string | null | undefined): boolean {
  if (principal.kind === 'admin') return true;
  if (principal.kind !== 'apikey' || !createdBy) return false;
  return createdBy === principal.keyId || createdBy === `apikey:${principal.keyId}`;
}

/** Admins hold every permission; keys hold their bits; anonymous holds none. */
export function principalHas(principal: Principal, required: number): boolean {
  if (principal.kind === 'admin') return true;
  if (principal.kind === 'apikey') return hasPermission(principal.permissions, required);
  return false;
}
