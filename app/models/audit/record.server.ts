import type { Principal } from '~/auth/principal';
import { currentRequestScope } from '~/models/request-scope.server';
import type { AuditAction, AuditResult } from '~/lib/audit-actions';
import { isAppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';

export interface AuditEntry {
  action: AuditAction;
  /** What it was done to: a slug, a key's name, a virtual path, a setting key. */
  target?: string | null;
  result?: AuditResult;
  detail?: string | null;
}

/** Targets and details are cut here: an event stays a row, whatever a caller named. */
const MAX_TEXT = 500;
const clip = (text: string | null | undefined) =>
  text == null ? null : text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;

/** Who acts: a principal, or the system itself (the commands: backup and restore). */
export type Actor = Principal | 'system';

function actorOf(principal: Actor) {
  if (principal === 'system') return { actorKind: 'system', actorId: null, actorName: null };
  switch (principal.kind) {
    case 'admin':
      return { actorKind: 'admin', actorId: principal.adminId, actorName: principal.username };
    case 'apikey':
      return { actorKind: 'apikey', actorId: principal.keyId, actorName: principal.name };
    default:
      return { actorKind: 'anonymous', actorId: null, actorName: null };
  }
}

/**
 * Records one event of the audit log (decision 0033): who (the principal, and the client address,
 * request id and door of the request being served), what, to what, and how it went. It never
 * throws and never waits: the event is queued and written a moment later, in a batch (models/audit/writer).
 */
export function audit(ctx: ModelContext, principal: Actor, entry: AuditEntry): void {
  const scope = currentRequestScope();
  // A visitor of an upload request writes with its creator's rights: the visitor is who acted.
  const visitor = scope?.viaRequest !== undefined;
  const detail = visitor ? [entry.detail, `rights of ${labelOf(principal)}`].filter(Boolean).join('; ') : entry.detail;
  ctx.audit.add({
    at: new Date(),
    ...(visitor
      ? { actorKind: 'anonymous', actorId: null, actorName: `via request ${scope.viaRequest}` }
      : actorOf(principal)),
    address: scope?.address ?? null,
    requestId: scope?.requestId ?? null,
    door: scope?.door ?? null,
    action: entry.action,
    target: clip(entry.target),
    result: entry.result ?? 'ok',
    detail: clip(detail),
  });
}

/** How a detail names a principal whose rights were used. */
function labelOf(principal: Actor): string {
  const actor = actorOf(principal);
  return actor.actorName ? `${actor.actorKind} ${actor.actorName}` : actor.actorKind;
}

/** How an error ends an audited action: refused for who asked, or failed for another reason. */
function failureOf(error: unknown): { result: AuditResult; detail: string } {
  if (!isAppError(error)) return { result: 'failed', detail: 'unexpected' };
  const denied = error.kind === 'forbidden' || error.kind === 'unauthenticated';
  return { result: denied ? 'denied' : 'failed', detail: error.messageKey };
}

/**
 * Runs a change and records it: "ok" with its target when it succeeds, "denied" or "failed" with
 * the reason's message key when it throws (the error goes on to the door unchanged). `target` may
 * be read from the result (a slug the change generated).
 */
export async function audited<T>(
  ctx: ModelContext,
  principal: Actor,
  entry: Omit<AuditEntry, 'result' | 'target'> & { target?: string | null | ((result: T) => string | null) },
  change: () => Promise<T>,
): Promise<T> {
  const { target, ...rest } = entry;
  try {
    const result = await change();
    audit(ctx, principal, { ...rest, target: typeof target === 'function' ? target(result) : target, result: 'ok' });
    return result;
  } catch (error) {
    audit(ctx, principal, { ...rest, target: typeof target === 'function' ? null : target, ...failureOf(error) });
    throw error;
  }
}
