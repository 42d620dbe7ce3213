import type { AuditEventFields } from '~/lib/audit-actions';

/** One audit event as the page shows it: an ISO time, and no actor id (the name says who). */
export type AuditEventView = Omit<AuditEventFields, 'actorId'> & { id: number; at: string };
