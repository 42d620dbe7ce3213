import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '~/lib/audit-actions';
import type { AuditQuery } from '~/lib/audit-query';
import type { AuditRow } from './writer.server';
import type { ModelContext } from '~/models/context.server';

/**
 * What Admin → Audit log filters by (app/lib/audit-query.ts), every field optional: the actor is an
 * admin's username, a key's name, either's id, a client address, "anonymous" or "system"; the
 * action one action ("paste.create") or a group ("paste."); the target a part of it; from and to
 * instants (from included, to not).
 */
export type AuditFilter = AuditQuery['filter'];

export type AuditEventRecord = AuditRow & { id: number };

export const AUDIT_PAGE_SIZE = 50;

function whereOf(filter: AuditFilter, beforeId?: number) {
  const actor = filter.actor?.trim();
  const action = filter.action?.trim();
  const target = filter.target?.trim();
  return {
    ...(beforeId ? { id: { lt: beforeId } } : {}),
    ...(actor
      ? actor === 'anonymous' || actor === 'system'
        ? { actorKind: actor }
        : { OR: [{ actorName: actor }, { actorId: actor }, { address: actor }] }
      : {}),
    ...(action ? (action.endsWith('.') ? { action: { startsWith: action } } : { action }) : {}),
    ...(target ? { target: { contains: target } } : {}),
    ...(filter.result ? { result: filter.result } : {}),
    ...(filter.from || filter.to ? { at: { gte: filter.from, lt: filter.to } } : {}),
  };
}

/**
 * One page of events, newest first: `before` is the id of the last event of the page before (keyset
 * paging: a page costs the same however deep, and events written meanwhile do not shift it).
 * The events this process still has queued are written first, so an admin sees what they just did.
 */
export async function listAuditEvents(
  ctx: ModelContext,
  principal: Principal,
  filter: AuditFilter,
  before?: number,
): Promise<{ events: AuditEventRecord[]; olderBefore: number | null }> {
  authorize(principal, 'admin.auditLog');
  await ctx.audit.flush();
  const rows = await ctx.db.auditEvent.findMany({
    where: whereOf(filter, before),
    orderBy: { id: 'desc' },
    take: AUDIT_PAGE_SIZE + 1,
  });
  const events = rows.slice(0, AUDIT_PAGE_SIZE);
  return { events, olderBefore: rows.length > AUDIT_PAGE_SIZE ? events.at(-1)!.id : null };
}

/** Every event the filter matches, newest first, a page at a time (the CSV export streams them). */
export async function* allAuditEvents(
  ctx: ModelContext,
  principal: Principal,
  filter: AuditFilter,
): AsyncGenerator<AuditEventRecord> {
  authorize(principal, 'admin.auditLog');
  await ctx.audit.flush();
  let before: number | undefined;
  for (;;) {
    const rows = await ctx.db.auditEvent.findMany({
      where: whereOf(filter, before),
      orderBy: { id: 'desc' },
      take: 1000,
    });
    yield* rows;
    if (rows.length < 1000) return;
    before = rows.at(-1)!.id;
  }
}

export async function auditRetentionDays(ctx: ModelContext): Promise<number> {
  // The settings row, read here: the audit log is below the settings (which it records), so it
  // imports nothing of theirs (docs/architecture.md §1, the order of the models).
  const row = await ctx.db.setting.findUnique({ where: { key: 'audit_retention_days' } });
  const days = Number.parseInt(row?.value ?? '', 10);
  return Number.isSafeInteger(days) && days > 0 ? days : DEFAULT_AUDIT_RETENTION_DAYS;
}

/** The sweeper's part: events older than the retention setting go. */
export async function pruneAuditEvents(ctx: ModelContext, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - (await auditRetentionDays(ctx)) * 86_400_000);
  const { count } = await ctx.db.auditEvent.deleteMany({ where: { at: { lt: cutoff } } });
  return count;
}

/** Admin → Audit log: a page of events and the retention it shows. */
export async function auditLogPage(
  ctx: ModelContext,
  principal: Principal,
  query: Pick<AuditQuery, 'filter' | 'before'>,
) {
  const page = await listAuditEvents(ctx, principal, query.filter, query.before);
  return { ...page, retentionDays: await auditRetentionDays(ctx) };
}
