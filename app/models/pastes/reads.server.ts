import { verifyPassword } from '~/auth/password.server';
import { faultOf } from '~/faults';
import type { Paste } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { recordAccess, requestIsBot } from '~/models/stats/stats.server';
import { fastCountView, fastCountViewPostgres, type Which } from './fast-view.server';
import { countView, findLive, toRecord, uncountedView } from './pastes.server';
import type { PasteRecord, PasteView } from './types';

/**
 * A paste as its visitors read it (docs/product/api.md §1.9): every read that shows the content
 * counts a view, in one statement when it can (fast-view.server.ts), and is counted in the share's
 * statistics (models/stats, decision 0035).
 */

/**
 * Counts the view, or shows the paste uncounted when the database cannot take the write (busy, full
 * or read-only): without a view limit the count is only a statistic and the content exists. With a
 * limit the count is what enforces it, so the paste is not shown and the fault says why.
 */
export async function countOrShow(ctx: ModelContext, row: Paste): Promise<PasteView> {
  let view: PasteView;
  try {
    view = await countView(ctx, row);
  } catch (thrown) {
    const fault = faultOf(thrown);
    if (!fault) throw thrown;
    if (row.maxViews !== null) throw new AppError(fault.kind, 'viewNotCounted', fault.details);
    view = uncountedView(row);
  }
  recordAccess(ctx, 'paste', row.id, 'view');
  return view;
}

/**
 * The one-statement view of fast-view.server.ts; a fault there leaves the view to countOrShow. On
 * SQLite it answers at once (the paste-view lane needs that), on PostgreSQL a promise.
 */
export function fastView(ctx: ModelContext, slug: string, which?: Which): PasteView | null | Promise<PasteView | null> {
  const quiet = (thrown: unknown) => {
    if (faultOf(thrown)) return null;
    throw thrown;
  };
  const seen = (view: PasteView | null) => {
    if (view) recordAccess(ctx, 'paste', view.id, 'view');
    return view;
  };
  try {
    if (ctx.sql) return seen(fastCountView(ctx.sql, ctx.pasteViews, slug, which));
    return fastCountViewPostgres(ctx.pg!, ctx.pasteViews, slug, which).then(seen, quiet);
  } catch (thrown) {
    return quiet(thrown);
  }
}

export type PublicPaste = { locked: true; paste: PasteRecord } | { locked: false; paste: PasteView };

/**
 * GET /paste/{slug}: a password paste answers its metadata only (no view counted); any other
 * paste counts a view and answers the content.
 */
export async function viewPaste(ctx: ModelContext, slug: string): Promise<PublicPaste> {
  const fast = await fastView(ctx, slug);
  if (fast) return { locked: false, paste: fast };
  const row = await findLive(ctx, slug);
  if (row.passwordHash) return { locked: true, paste: { ...toRecord(row), content: '' } };
  return { locked: false, paste: await countOrShow(ctx, row) };
}

async function checkSharePassword(ctx: ModelContext, row: Paste, password: string, address: string) {
  const right = async () => ((await verifyPassword(password, row.passwordHash!)) ? true : null);
  await ctx.passwordLimiter.guard(address, right, new AppError('unauthenticated', 'passwordWrong'));
}

/** POST /paste/{slug}: the password unlocks the content and counts a view. */
export async function unlockPaste(ctx: ModelContext, slug: string, password: string, address: string) {
  const row = await findLive(ctx, slug);
  if (!row.passwordHash) throw new AppError('invalid', 'pasteHasNoPassword');
  await checkSharePassword(ctx, row, password, address);
  const view = await countOrShow(ctx, row);
  // An encrypted paste's "password" is the verifier its reader just sent: nothing to show back.
  return { ...view, plainPassword: row.encrypted ? null : password };
}

/**
 * GET /raw/{slug}: the content as text. Every raw read counts as a view, password or not, so a
 * view limit cannot be sidestepped through the raw link.
 */
export async function rawPaste(ctx: ModelContext, slug: string, password: string | null, address: string) {
  const row = await findLive(ctx, slug);
  if (row.passwordHash) {
    if (!password) throw new AppError('unauthenticated', 'passwordRequiredForContent');
    await checkSharePassword(ctx, row, password, address);
  }
  // A link preview of the raw link never uses a view up (issue 32): it reads an open paste
  // uncounted, and a limited one not at all (else a bot's User-Agent would read past the limit).
  if (requestIsBot()) {
    recordAccess(ctx, 'paste', row.id, 'bot');
    if (row.maxViews !== null) throw new AppError('forbidden', 'pasteLimitedForBots');
    return uncountedView(row);
  }
  recordAccess(ctx, 'paste', row.id, 'download');
  return countOrShow(ctx, row);
}
