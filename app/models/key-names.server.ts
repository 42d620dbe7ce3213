import type { ModelContext } from '~/models/context.server';

/**
 * Whose a paste or share is, as lists show it: the key's name for a key an admin handed out, the
 * account's name for a member and the member's own keys (decision 0039: a member's shares carry its
 * rights row's id). Keyed by the created_by value given ("apikey:<id>" or the bare id).
 */
export async function creatorNames(ctx: ModelContext, createdBy: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(createdBy.filter((c): c is string => !!c).map((c) => c.replace(/^apikey:/, '')))];
  if (!ids.length) return new Map();
  const rows = await ctx.db.apiKey.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, rightsOf: { select: { displayName: true, username: true } } },
  });
  const names = new Map<string, string>();
  for (const row of rows) {
    const name = row.rightsOf ? (row.rightsOf.displayName ?? row.rightsOf.username) : row.name;
    names.set(row.id, name);
    names.set(`apikey:${row.id}`, name);
  }
  return names;
}
