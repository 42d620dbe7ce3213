/** One audit event as the page shows it (ISO time; the model's record otherwise). */
export interface AuditEventView {
  id: number;
  at: string;
  actorKind: string;
  actorName: string | null;
  address: string | null;
  action: string;
  target: string | null;
  result: string;
  requestId: string | null;
  door: string | null;
  detail: string | null;
}
