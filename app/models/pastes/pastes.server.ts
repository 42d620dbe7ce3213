import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { withQuota } from '~/models/quotas/quotas.server';
import { isUniqueViolation } from '~/db/errors';
import { rawTime } from '~/db/dialect';
import type { Paste } from '~/generated/prisma/client';
import { authorize } from '~/auth/operations';
import { creatorId, creatorIds, isCreator, type Principal } from '~/auth/principal';
import { hashPassword } from '~/auth/password.server';
import { decrypt, encrypt } from '~/auth/secrets.server';
import { randomString } from '~/auth/tokens.server';
import { AppError } from '~/lib/errors';
import { forgetGone, isGone, markGone } from '~/models/gone.server';
import { insertPastePostgres, insertPasteSqlite } from './insert.server';
import { keptHtml } from './rendered.server';
import type { PasteRecord, PasteView } from './types';
export type { PasteRecord, PasteView } from './types';
import type { CreatePasteInput, UpdatePasteInput } from '~/lib/schemas/pastes';
import type { ModelContext } from '~/models/context.server';

const RANDOM_SLUG_LENGTH = 6;
const RANDOM_SLUG_ATTEMPTS = 5;

/** The columns a record is made of (a row read back, or one just inserted). */
type RecordColumns = Pick<
  Paste,
  | 'id'
  | 'slug'
  | 'content'
  | 'remark'
  | 'passwordHash'
  | 'expiresAt'
  | 'maxViews'
  | 'views'
  | 'createdBy'
  | 'createdAt'
  | 'updatedAt'
  | 'encrypted'
>;

export function toRecord(row: RecordColumns): PasteRecord {
  return {
    id: row.id,
    slug: row.slug,
    content: row.content,
    remark: row.remark,
    hasPassword: row.passwordHash !== null,
    encrypted: row.encrypted,
    expiresAt: row.expiresAt,
    maxViews: row.maxViews,
    views: row.views,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Read with a paste: the views the tally has added for it (`tallied_views`, decision 0041). A paste's
 * figure is its row's views plus those (`withTallied`).
 */
export const TALLIED = { tallied: { select: { views: true } } } as const;

/** A paste read with `TALLIED`, its `views` the paste's figure. */
export function withTallied<R extends { views: number; tallied: { views: number } | null }>({ tallied, ...row }: R) {
  return { ...row, views: row.views + (tallied?.views ?? 0) };
}

function isUsedUp(row: { expiresAt: Date | null; maxViews: number | null; views: number }, now = new Date()) {
  return (row.expiresAt !== null && row.expiresAt <= now) || (row.maxViews !== null && row.views >= row.maxViews);
}

function expiryOf(value: string | null | undefined): Date | null {
  return value ? new Date(value) : null;
}

/**
 * The password's hash, and its ciphertext for showing it again to the owner. An encrypted paste's
 * password is the envelope's verifier (docs/encryption.md): nobody needs to see that again.
 */
async function passwordFields(ctx: ModelContext, password: string | null | undefined, encrypted = false) {
  if (!password) return { passwordHash: null, passwordEnc: null };
  const passwordEnc = encrypted ? null : encrypt(ctx.masterKey, password);
  return { passwordHash: await hashPassword(password), passwordEnc };
}

/** Runs `write` with a random slug, retrying on the rare collision (unique constraint). */
async function withRandomSlug<T>(write: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(randomString(RANDOM_SLUG_LENGTH));
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= RANDOM_SLUG_ATTEMPTS) throw error;
    }
  }
}

export async function createPaste(
  ctx: ModelContext,
  principal: Principal,
  input: CreatePasteInput,
): Promise<PasteRecord> {
  authorize(principal, 'paste.create');
  // A key's paste counts toward its shares and bytes per day (decision 0034).
  const want = { share: true, bytes: Buffer.byteLength(input.content) };
  return withQuota(
    ctx,
    principal,
    want,
    () => insertPaste(ctx, principal, input),
    () => want,
  );
}

async function insertPaste(ctx: ModelContext, principal: Principal, input: CreatePasteInput): Promise<PasteRecord> {
  const fields = {
    id: randomUUID(),
    content: input.content,
    remark: input.remark || null,
    ...(await passwordFields(ctx, input.password, input.encrypted)),
    expiresAt: expiryOf(input.expiresAt),
    maxViews: input.maxViews || null,
    createdBy: creatorId(principal),
    encrypted: input.encrypted === true,
  };
  const now = new Date();
  // One prepared INSERT (insert.server.ts), on whichever database this is.
  const insert = async (slug: string) => {
    const paste = { ...fields, slug };
    if (ctx.sql) insertPasteSqlite(ctx.sql, paste, now);
    else await insertPastePostgres(ctx.pg!, paste, now);
    return paste;
  };
  try {
    const row = input.slug ? await insert(input.slug) : await withRandomSlug(insert);
    // A stale "gone" mark is harmless under a live paste (it is read only when none exists); a
    // chosen slug clears it anyway, so the link's later fate is its own.
    if (input.slug) await forgetGone(ctx, 'paste', row.slug);
    audit(ctx, principal, { action: 'paste.create', target: row.slug });
    return toRecord({ ...row, views: 0, createdAt: now, updatedAt: now });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'slugTaken');
    throw error;
  }
}

/** Deletes a paste that is past its expiry or view limit, remembers it as gone, and says so (410). */
async function goneIfUsedUp(ctx: ModelContext, row: Paste): Promise<void> {
  if (!isUsedUp(row)) return;
  await retire(ctx, row.id, row.slug);
  throw new AppError('gone', 'pasteGone');
}

/**
 * Deletes the paste and remembers it as gone in one transaction: a viewer that finds no row then
 * always finds the mark (410), never a moment between the two (404).
 */
async function retire(ctx: ModelContext, id: string, slug: string): Promise<void> {
  const { db } = ctx;
  await db.$transaction([db.paste.deleteMany({ where: { id } }), markGone(ctx, 'paste', slug)]);
}

/** A live paste by slug for its visitors, its views counting those not yet written (paste-views.server.ts). */
export async function findLive(ctx: ModelContext, slug: string): Promise<Paste> {
  const { db, pasteViews } = ctx;
  const row = await pasteViews.reading(async () => {
    const found = await db.paste.findUnique({ where: { slug }, include: TALLIED });
    const paste = found && withTallied(found);
    return paste && { ...paste, views: paste.views + pasteViews.pendingOf(paste.id) };
  });
  if (!row) {
    if (await isGone(ctx, 'paste', slug)) throw new AppError('gone', 'pasteGone');
    throw new AppError('not_found', 'pasteNotFound');
  }
  await goneIfUsedUp(ctx, row);
  return row;
}

type CountedRow = {
  views: number | bigint;
  content: string;
  html: string | null;
  html_version: number | bigint | null;
};

/** A counted view: the row as found, with what the counting statement returned of it. */
function countedView(row: Paste, counted: CountedRow): PasteView {
  const html = keptHtml(counted.html, counted.html_version);
  return { ...toRecord(row), content: counted.content, views: Number(counted.views), isLastView: false, html };
}

/** The paste as found, shown without a counted view. */
export const uncountedView = (row: Paste): PasteView => ({
  ...toRecord(row),
  isLastView: false,
  html: keptHtml(row.html, row.htmlVersion),
});

/**
 * Counts one view. Without a view limit it is tallied in memory (models/stats/paste-views.server.ts). With one,
 * single conditional statements count it, so concurrent viewers can never exceed the limit. The last allowed view is a DELETE … RETURNING: counting it and deleting the paste are one
 * atomic statement, and only one viewer can win it. Other views are an UPDATE that only matches
 * while the paste is unexpired and at least two views short of its limit. A viewer that matches
 * neither lost a race (or the paste just expired) and looks again.
 */
export async function countView(ctx: ModelContext, row: Paste): Promise<PasteView> {
  const { db } = ctx;
  // Without a limit the count is a statistic: tallied, the row not rewritten (models/stats/paste-views.server.ts).
  // Its figure is read again beside the tally, so a flush in between cannot make it skip or repeat.
  if (row.maxViews === null) {
    const views = await ctx.pasteViews.reading(async () => {
      const stored = await db.paste.findUnique({ where: { id: row.id }, select: { views: true, ...TALLIED } });
      return stored && withTallied(stored).views + ctx.pasteViews.add(row.id);
    });
    if (views === null) throw new AppError('gone', 'pasteGone');
    return { ...uncountedView(row), views };
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = rawTime(ctx.dialect);
    // The gone mark commits with the delete, and only when the delete took the row (retire).
    const [last] = await db.$transaction([
      db.$queryRaw<CountedRow[]>`
        DELETE FROM pastes
        WHERE id = ${row.id} AND views + 1 >= max_views AND (expires_at IS NULL OR expires_at > ${now})
        RETURNING views, content, html, html_version`,
      db.$executeRaw`
        INSERT INTO gone_shares (kind, slug, gone_at) SELECT 'paste', ${row.slug}, ${now}
        WHERE NOT EXISTS (SELECT 1 FROM pastes WHERE id = ${row.id})
        ON CONFLICT (kind, slug) DO UPDATE SET gone_at = excluded.gone_at`,
    ]);
    const lastRow = last[0];
    if (lastRow) return { ...countedView(row, lastRow), views: Number(lastRow.views) + 1, isLastView: true };
    const counted = await db.$queryRaw<CountedRow[]>`
      UPDATE pastes SET views = views + 1
      WHERE id = ${row.id} AND views + 1 < max_views AND (expires_at IS NULL OR expires_at > ${now})
      RETURNING views, content, html, html_version`;
    const countedRow = counted[0];
    if (countedRow) {
      return countedView(row, countedRow);
    }
    const current = await db.paste.findUnique({ where: { id: row.id } });
    if (!current) throw new AppError('gone', 'pasteGone');
    await goneIfUsedUp(ctx, current);
  }
  throw new AppError('unavailable', 'tryAgain');
}

/** Owner-or-admin access to one paste, for management (keys see only their own). */
async function ownedPaste(ctx: ModelContext, principal: Principal, where: { id: string } | { slug: string }) {
  const { db } = ctx;
  authorize(principal, 'paste.manage');
  // Owners see (and edit from) every view counted so far.
  await ctx.pasteViews.flush();
  const row = await db.paste.findUnique({ where, include: TALLIED });
  if (!row || !isCreator(principal, row.createdBy)) throw new AppError('not_found', 'pasteNotFoundOrForbidden');
  return withTallied(row);
}

/** One paste for its owner or an admin, by id or by slug, with its password (docs/product/api.md plain_password). */
export async function getPasteForOwner(
  ctx: ModelContext,
  principal: Principal,
  which: { id: string } | { slug: string },
) {
  const row = await ownedPaste(ctx, principal, which);
  return { ...toRecord(row), plainPassword: row.passwordEnc ? decrypt(ctx.masterKey, row.passwordEnc) : null };
}

/**
 * An encrypted paste's content, remark and password are sealed together in the browser: the server
 * can change none of them without breaking the seal. Its rules (expiry, views, link) stay editable,
 * and a form that sends the content back unchanged is no change.
 */
function refuseSealedChanges(row: Paste, input: UpdatePasteInput) {
  if (input.content !== row.content || input.password || input.clearPassword || input.remark)
    throw new AppError('invalid', 'encryptedNotEditable');
}

export async function updatePaste(ctx: ModelContext, principal: Principal, slug: string, input: UpdatePasteInput) {
  const row = await ownedPaste(ctx, principal, { slug });
  await goneIfUsedUp(ctx, row);
  if (row.encrypted) refuseSealedChanges(row, input);
  const password = input.clearPassword
    ? await passwordFields(ctx, null)
    : input.password
      ? await passwordFields(ctx, input.password)
      : {};
  const data = {
    content: input.content,
    remark: input.remark === undefined ? undefined : input.remark || null,
    expiresAt: input.expiresAt === undefined ? undefined : expiryOf(input.expiresAt),
    maxViews: input.maxViews === undefined ? undefined : input.maxViews || null,
    // An edit starts the view count afresh (docs/product/api.md §1.9): the tallied views go too.
    views: 0,
    // New content is rendered again on its first view (rendered.server.ts).
    ...(input.content === undefined ? {} : { html: null, htmlVersion: null }),
    ...password,
  };
  const write = async (newSlug: string) => {
    const [, updated] = await ctx.db.$transaction([
      ctx.db.talliedViews.deleteMany({ where: { pasteId: row.id } }),
      ctx.db.paste.update({ where: { id: row.id }, data: { ...data, slug: newSlug } }),
    ]);
    return updated;
  };
  try {
    const updated =
      input.newSlug === undefined
        ? await write(row.slug)
        : input.newSlug
          ? await write(input.newSlug)
          : await withRandomSlug(write);
    if (updated.slug !== row.slug) await forgetGone(ctx, 'paste', updated.slug);
    const target = updated.slug === row.slug ? row.slug : `${row.slug} → ${updated.slug}`;
    audit(ctx, principal, { action: 'paste.update', target });
    return { id: updated.id, slug: updated.slug };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'slugTaken');
    throw error;
  }
}

export async function deletePastes(ctx: ModelContext, principal: Principal, ids: string[]): Promise<number> {
  authorize(principal, 'paste.manage');
  const mine = principal.kind === 'apikey' ? { createdBy: { in: creatorIds(principal) } } : {};
  const where = { id: { in: ids }, ...mine };
  const slugs = await ctx.db.paste.findMany({ where, select: { slug: true } });
  const { count } = await ctx.db.paste.deleteMany({ where });
  for (const { slug } of slugs) audit(ctx, principal, { action: 'paste.delete', target: slug });
  return count;
}

export async function clearExpiredPastes(ctx: ModelContext, principal: Principal): Promise<number> {
  authorize(principal, 'paste.clearExpired');
  return deleteExpiredPastes(ctx);
}

/** The sweeper's job: pastes past their expiry, remembered as gone. (Used-up pastes go on their last view.) */
export async function deleteExpiredPastes(ctx: ModelContext): Promise<number> {
  const { db } = ctx;
  const expired = await db.paste.findMany({
    where: { expiresAt: { lte: new Date() } },
    select: { id: true, slug: true },
  });
  for (const { id, slug } of expired) await retire(ctx, id, slug);
  return expired.length;
}
