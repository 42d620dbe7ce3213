import { authorize, isAllowed } from '~/auth/operations';
import { isCreator, type Principal } from '~/auth/principal';
import type { ShareKind } from '~/models/gone.server';

const MANAGE = { paste: 'paste.manage', file: 'file.manage' } as const;

/**
 * Who may edit or delete a share (docs/product/spec.md §6): an admin, or a key with the share kind's permission that
 * created it. The management models enforce it; pages ask it to choose what to show.
 */
export function mayManageShare(principal: Principal, kind: ShareKind, createdBy: string | null): boolean {
  return isAllowed(principal, MANAGE[kind]) && isCreator(principal, createdBy);
}

/** Refuses, before any byte of a body is read, a caller who may not upload files at all. */
export function assertMayUpload(principal: Principal): void {
  authorize(principal, 'file.upload');
}
