import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';

/** Refuses, before any byte of a body is read, a caller who may not upload files at all. */
export function assertMayUpload(principal: Principal): void {
  authorize(principal, 'file.upload');
}
