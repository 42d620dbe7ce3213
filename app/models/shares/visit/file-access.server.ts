import { recordAccess } from '~/models/stats/stats.server';
import { verifyPassword } from '~/auth/password.server';
import type { Principal } from '~/auth/principal';
import { grantOpens, signGrant } from '~/models/grants.server';
import { rawTime } from '~/db/dialect';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { toAppError } from '~/faults';
import { retire } from '../remove.server';
import { isGone } from '~/models/gone.server';
import { driverOfShare, opensAsFolder, toFileRecord, type FileShareRecord, type ShareRow } from '../records.server';
import { sharedFolderPresent } from './share-folder.server';
import { mayManageShare } from '~/auth/operations';

/**
 * How visitors reach a file share (docs/product/api.md §3.4, docs/product/spec.md §5,
 * docs/api-extensions.md "What a view limit limits"): the public info, the page's visit, the
 * password unlock, and the content grant that stands in for a counted view (and the password)
 * afterwards. Doors get records; they never see a driver, a hash or a storage secret. The bytes
 * are content-access.server.ts's.
 */

/**
 * What a visitor brings to a share: the grants it carries (the share's cookie, an API answer's
 * `?grant=`), a password, and who it is — a share's owner (or an admin) reads it without counting
 * a view or giving the password (issue 42, item 3).
 */
export interface ContentAccess {
  password?: string | null;
  grants?: readonly (string | null | undefined)[];
  principal?: Principal;
  /** A link preview's or a HEAD's look: it never counts a view. */
  passive?: boolean;
  /** The visitor asked to open a view-limited folder share (its page's reveal step): count the view. */
  reveal?: boolean;
}

function isExpired(file: ShareRow, now = new Date()): boolean {
  return file.expiresAt !== null && file.expiresAt <= now;
}

/** A live share by slug; expired ones are removed (object and record) and answer 410. */
export async function findLiveRow(ctx: ModelContext, slug: string): Promise<ShareRow> {
  const file = await ctx.db.fileShare.findUnique({ where: { slug }, include: { storageConfig: true } });
  if (!file || file.status !== 'ready') {
    if (!file && (await isGone(ctx, 'file', slug))) throw new AppError('gone', 'fileGone');
    throw new AppError('not_found', 'fileNotFound');
  }
  if (isExpired(file)) {
    await retire(ctx, file);
    throw new AppError('gone', 'fileExpired');
  }
  return file;
}

/** Whose share this is: its owner and admins never count a view or need the password. */
export const ownsShare = (access: ContentAccess, row: ShareRow) =>
  access.principal !== undefined && mayManageShare(access.principal, 'file', row.createdBy);

/** A share whose views are all used, in its own words: a folder's link is "used up", not a file. */
const usedUp = (row: ShareRow) => new AppError('gone', opensAsFolder(row) ? 'folderViewsUsedUp' : 'fileViewsUsedUp');

/**
 * Counts a view in one conditional statement (docs/product/api.md §1.9): exactly max_views views succeed; the
 * attempt after the last one removes the share and answers 410.
 */
export async function countFileView(ctx: ModelContext, file: ShareRow): Promise<ShareRow> {
  const counted = await ctx.db.$queryRaw<{ views: number | bigint }[]>`
    UPDATE files SET views = views + 1
    WHERE id = ${file.id} AND (max_views IS NULL OR views < max_views) AND (expires_at IS NULL OR expires_at > ${rawTime(ctx.dialect)})
    RETURNING views`;
  const first = counted[0];
  if (!first) {
    await retire(ctx, file);
    throw usedUp(file);
  }
  recordAccess(ctx, 'file', file.id, 'view');
  return { ...file, views: Number(first.views) };
}

/** A share whose last view was used: the grants of earlier views open it no more. */
export async function refuseUsedUp(ctx: ModelContext, row: ShareRow): Promise<void> {
  if (row.maxViews !== null && row.views > row.maxViews) {
    await retire(ctx, row);
    throw usedUp(row);
  }
}

export type PublicFile = { locked: boolean; file: FileShareRecord; grant: string | null };

/** A share whose object is no longer in its storage: 410 with the reason, in the visitor's language. */
const objectMissing = () => new AppError('gone', 'fileObjectMissing');

/**
 * A share of a mounted file (fs/create-share) points at an object anyone with the mount may delete
 * (issue 27 A1): its page checks the object is still there before offering it. Uploaded shares keep
 * theirs in the reserved prefix no mount reaches (share-objects.server.ts), so they are not asked.
 */
async function assertMountedObjectPresent(ctx: ModelContext, file: ShareRow): Promise<void> {
  if (!(await mountedTargetPresent(ctx, file)))
    throw opensAsFolder(file) ? new AppError('gone', 'folderShareGone') : objectMissing();
}

/** Whether what a share of mounted storage points at is there (an uploaded share's always is). */
export async function mountedTargetPresent(ctx: ModelContext, file: ShareRow): Promise<boolean> {
  if (file.filePath === null) return true;
  const present = await (
    opensAsFolder(file) ? sharedFolderPresent(ctx, file) : driverOfShare(ctx, file).stat(file.storagePath)
  ).catch((error: unknown) => Promise.reject(toAppError(error)));
  return Boolean(present);
}

/** What a read of a share's object throws: a missing object is the share's "no longer available". */
export function readFailure(error: unknown): Promise<never> {
  const appError = toAppError(error);
  return Promise.reject(
    appError instanceof AppError && appError.messageKey === 'storageObjectMissing' ? objectMissing() : appError,
  );
}

/**
 * Whether a share's content is reached through a grant, given by a counted view (or its owner's
 * visit): a password stands behind it, a view limit binds its bytes, a folder is browsed page by
 * page, an encrypted share counts when its content is fetched. Other shares' content is public.
 */
export const grantsContent = (row: ShareRow) =>
  row.passwordHash !== null || row.maxViews !== null || opensAsFolder(row) || row.envelope !== null;

/** The counted view of a visitor who is not the owner, and its grant when the share's content needs one. */
async function countedVisit(ctx: ModelContext, row: ShareRow) {
  const counted = await countFileView(ctx, row);
  return { file: counted, grant: grantsContent(counted) ? contentGrant(ctx, counted) : null };
}

/**
 * GET /public/files/{slug}: a password share answers its info only; any other counts a view (not
 * its owner's, not an encrypted share's: its content fetch counts), with the grant its content
 * URLs carry.
 */
export async function openFileShare(ctx: ModelContext, slug: string, access: ContentAccess = {}): Promise<PublicFile> {
  const row = await findLiveRow(ctx, slug);
  await assertMountedObjectPresent(ctx, row);
  const owner = ownsShare(access, row);
  if (row.passwordHash && !owner) return { locked: true, file: toFileRecord(row), grant: null };
  if (owner || row.envelope !== null)
    return {
      locked: false,
      file: toFileRecord(row),
      grant: owner && grantsContent(row) ? contentGrant(ctx, row) : null,
    };
  const { file, grant } = await countedVisit(ctx, row);
  return { locked: false, file: toFileRecord(file), grant };
}

/** A visit of a share's page: open (with the grant its content needs, if any), or locked by its password. */
export type ShareVisit =
  | { locked: false; file: FileShareRecord; grant: string | null; owner: boolean }
  /** `reveal`: a view-limited folder share waits for its visitor to open it (nothing counted yet). */
  | { locked: true; gate: 'password' | 'reveal'; file: FileShareRecord; grantExpired: boolean };

/**
 * The share page's visit (docs/product/spec.md §5; issue 30; issue 42, items 3, 4 and 8): a grant the
 * visitor carries (its cookie) reopens the share within a visit without counting; its owner's visit
 * never counts; otherwise a password share is locked, an encrypted share counts when the page,
 * having opened it with the link's key, fetches its content, and any other share counts a view. A
 * counted visit hands out the grant its content needs, so browsing a folder share, its previews and
 * its downloads count once per visit, not once per page.
 */
export async function visitShare(ctx: ModelContext, slug: string, access: ContentAccess): Promise<ShareVisit> {
  const row = await findLiveRow(ctx, slug);
  const owner = ownsShare(access, row);
  const granted = grantIn(ctx, row, access);
  const locked = row.passwordHash !== null && !granted && !owner;
  // An open folder share's page lists its folder anyway, and an empty listing asks whether the
  // folder is still there (folder-access.server.ts): asking first would read a big folder twice.
  if (!opensAsFolder(row) || locked) await assertMountedObjectPresent(ctx, row);
  if (locked)
    return {
      locked: true,
      gate: 'password',
      file: toFileRecord(row),
      grantExpired: (access.grants ?? []).some(Boolean),
    };
  if (granted || owner) {
    await refuseUsedUp(ctx, row);
    const grant = owner && !granted && grantsContent(row) ? contentGrant(ctx, row) : null;
    return { locked: false, file: toFileRecord(row), grant, owner };
  }
  // A view-limited folder or selection is opened on purpose, as a view-limited paste is revealed: a
  // mail scanner or a stray click must not spend one of its few views (issue 47). A link preview
  // sees this step too.
  if (opensAsFolder(row) && row.maxViews !== null && !access.reveal) {
    // No view left to open it with: the link is used up, as the next count would find.
    if (row.views >= row.maxViews) {
      await retire(ctx, row);
      throw usedUp(row);
    }
    return { locked: true, gate: 'reveal', file: toFileRecord(row), grantExpired: false };
  }
  if (access.passive) {
    recordAccess(ctx, 'file', row.id, 'bot');
    return { locked: false, file: toFileRecord(row), grant: null, owner: false };
  }
  if (row.envelope !== null) return { locked: false, file: toFileRecord(row), grant: null, owner: false };
  const { file, grant } = await countedVisit(ctx, row);
  return { locked: false, file: toFileRecord(file), grant, owner: false };
}

export async function checkFilePassword(
  ctx: ModelContext,
  file: ShareRow,
  password: string,
  address: string,
  wrong = new AppError('unauthenticated', 'passwordIncorrect'),
) {
  const right = async () => ((await verifyPassword(password, file.passwordHash!)) ? true : null);
  await ctx.passwordLimiter.guard(address, right, wrong);
}

/**
 * POST /public/files/{slug}/verify and the page's unlock: the right password opens the share and
 * counts a view (never its owner's). The answer carries a content grant for the page's preview and
 * download links. An encrypted share's page unlocks only once the link's key and the password have
 * opened its envelope in the browser (docs/encryption.md), so a wrong key never spends a view.
 */
export async function unlockFileShare(
  ctx: ModelContext,
  slug: string,
  password: string,
  address: string,
  access: ContentAccess = {},
): Promise<{ file: FileShareRecord; grant: string }> {
  const row = await findLiveRow(ctx, slug);
  if (!row.passwordHash) throw new AppError('invalid', 'fileHasNoPassword');
  await checkFilePassword(ctx, row, password, address);
  const counted = ownsShare(access, row) ? row : await countFileView(ctx, row);
  return { file: toFileRecord(counted), grant: contentGrant(ctx, counted) };
}

/** How long a content grant opens a share after its counted view (or unlock). */
export const GRANT_SECONDS = 3600;

/** A content grant of the share (models/grants.server.ts): it opens the share's content for an hour. */
export function contentGrant(ctx: ModelContext, file: ShareRow, ttlSeconds = GRANT_SECONDS): string {
  return signGrant(ctx.masterKey, grantable(file), ttlSeconds);
}

const grantable = (file: ShareRow) => ({ purpose: 'file-grant', id: file.id, passwordHash: file.passwordHash });

/** Whether one of the grants the visitor carries opens this share. */
export const grantIn = (ctx: ModelContext, file: ShareRow, access: ContentAccess) =>
  (access.grants ?? []).some((grant) => !!grant && grantOpens(ctx.masterKey, grantable(file), grant));
