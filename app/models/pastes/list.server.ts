import { authorize } from '~/auth/operations';
import { creatorIds, type Principal } from '~/auth/principal';
import { creatorNames } from '~/models/key-names.server';
import { containsText } from '~/db/dialect';
import type { ModelContext } from '~/models/context.server';
import { TALLIED, toRecord, withTallied } from './pastes.server';
import type { PasteRecord } from './types';

/** The management list of pastes (the admin's text management, GET /api/pastes). */

export interface PasteListQuery {
  /** 1-based page (admin UI) or an offset (key API); offset wins when given. */
  page?: number;
  offset?: number;
  limit: number;
  search?: string;
  createdBy?: string;
}

export interface PasteListItem extends PasteRecord {
  keyName: string | null;
}

/** Management list, newest first; keys see only their own pastes. */
export async function listPastes(ctx: ModelContext, principal: Principal, query: PasteListQuery) {
  authorize(principal, 'paste.manage');
  const { db } = ctx;
  // The list shows every view counted so far (models/stats/paste-views.server.ts).
  await ctx.pasteViews.flush();
  const search = query.search?.trim();
  const text = containsText(ctx.dialect, search ?? '');
  const where = {
    ...(principal.kind === 'apikey'
      ? { createdBy: { in: creatorIds(principal) } }
      : query.createdBy
        ? { createdBy: query.createdBy }
        : {}),
    ...(search
      ? {
          AND: [
            {
              // An envelope's characters are not its text: encrypted pastes match by slug only.
              OR: [{ slug: text }, { remark: text }, { content: text, encrypted: false }],
            },
          ],
        }
      : {}),
  };
  const skip = query.offset ?? ((query.page ?? 1) - 1) * query.limit;
  const [rows, total] = await Promise.all([
    db.paste.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip,
      take: query.limit,
      include: TALLIED,
    }),
    db.paste.count({ where }),
  ]);
  const names = await creatorNames(
    ctx,
    rows.map((row) => row.createdBy),
  );
  const items: PasteListItem[] = rows.map((row) => ({
    ...toRecord(withTallied(row)),
    keyName: row.createdBy?.startsWith('apikey:') ? (names.get(row.createdBy) ?? null) : null,
  }));
  return { items, total, skip };
}
