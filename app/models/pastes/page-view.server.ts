import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { findLive, toRecord, uncountedView } from './pastes.server';
import { countOrShow, fastView, unlockPaste } from './reads.server';
import { withHtml } from './rendered.server';
import type { PasteRecord, PasteView } from './types';
import { issueVisit, visitCovers } from './visits.server';
import { sealedGateOf } from '~/lib/e2e/paste';
import { recordAccess } from '~/models/stats/stats.server';
import type { Principal } from '~/auth/principal';
import { mayManageShare } from '~/auth/operations';

/**
 * The paste page's view rules (docs/architecture.md §13), stricter than GET /api/paste/{slug},
 * whose contract counts every read:
 * - a paste with a view limit shows a reveal step, and only the reveal (a form post) counts, so a
 *   chat app's link preview cannot use up "burn after reading";
 * - a passive read (a HEAD request, a bot) never counts, and neither does its owner's (or an
 *   admin's) visit: the owner sees it at once, behind no password or reveal (issue 42, item 3);
 * - a counted view or an unlock hands the browser a visit (visits.server.ts): for a short while the
 *   same paste opens again uncounted and unlocked, so reloading or switching to plain text neither
 *   counts twice nor asks for the password again.
 */
export type PastePageView =
  | { state: 'locked' | 'reveal'; paste: PasteRecord }
  | { state: 'shown'; paste: PasteView & { html: string }; visit: string | null };

/**
 * A paste behind its password or reveal step: no content, except an encrypted paste's gate (its
 * header and sealed metadata, no content and no secret: lib/e2e/paste.ts sealedGateOf), from which
 * the page checks the link's key and stretches the password into the verifier the server checks
 * before anything counts (docs/encryption.md).
 */
function gated(state: 'locked' | 'reveal', row: Parameters<typeof toRecord>[0]) {
  return { state, paste: { ...toRecord(row), content: row.encrypted ? sealedGateOf(row.content) : '' } } as const;
}

/** Shown without counting, to a browser whose visit covers this version of the paste. */
async function revisit(ctx: ModelContext, row: Parameters<typeof uncountedView>[0], visit: string | null) {
  return { state: 'shown', paste: await withHtml(ctx, uncountedView(row)), visit } as const;
}

/** A counted view, and the visit that keeps it readable uncounted (none once the paste is gone). */
async function counted(ctx: ModelContext, paste: PasteView) {
  const visit = paste.isLastView ? null : issueVisit(ctx.masterKey, paste);
  return { state: 'shown', paste: await withHtml(ctx, paste), visit } as const;
}

/**
 * The page of a paste anyone may read at once (no password, no view limit, unexpired), its view
 * counted and a visit issued; null, with nothing counted, for any other slug (the paste page lane,
 * app/http/html/paste-page-lane.server.ts, leaves those to the route).
 */
export async function openOpenPastePage(ctx: ModelContext, slug: string) {
  const fast = await fastView(ctx, slug, 'unlimited');
  return fast ? counted(ctx, fast) : null;
}

/** GET /paste/{slug}: what the page shows, counting a view only where the rules above say so. */
export async function openPastePage(
  ctx: ModelContext,
  slug: string,
  { visit, passive, viewer }: { visit: string | null; passive: boolean; viewer?: Principal },
): Promise<PastePageView> {
  // The common case (no visit yet, no password, no limit) counts in one statement; an owner's
  // visit (a session: the page lane leaves those here) is looked at first.
  const fast = visit || passive || viewer ? null : await fastView(ctx, slug, 'unlimited');
  if (fast) return counted(ctx, fast);
  const row = await findLive(ctx, slug);
  if (viewer && mayManageShare(viewer, 'paste', row.createdBy)) return revisit(ctx, row, null);
  // A bot's (or a HEAD's) look is counted apart in the statistics, never as a view.
  if (passive) recordAccess(ctx, 'paste', row.id, 'bot');
  if (visitCovers(ctx.masterKey, visit, row)) return revisit(ctx, row, visit);
  if (row.passwordHash) return gated('locked', row);
  if (row.maxViews !== null) return gated('reveal', row);
  if (passive) return revisit(ctx, row, null);
  return counted(ctx, await countOrShow(ctx, row));
}

/** The reveal form of a paste with a view limit: counts one view, unless this visit already did. */
export async function revealPaste(ctx: ModelContext, slug: string, visit: string | null) {
  const row = await findLive(ctx, slug);
  if (visitCovers(ctx.masterKey, visit, row)) return revisit(ctx, row, visit);
  if (row.passwordHash) throw new AppError('unauthenticated', 'passwordRequiredForContent');
  return counted(ctx, await countOrShow(ctx, row));
}

/** The password form: unlocks and counts a view like POST /api/paste/{slug}, and starts a visit. */
export async function unlockPastePage(ctx: ModelContext, slug: string, password: string, address: string) {
  const paste = await unlockPaste(ctx, slug, password, address);
  return { ...(await counted(ctx, paste)), plainPassword: paste.plainPassword };
}
