import { mountedTargetPresent } from '../visit/file-access.server';
import { refuseSealedFileChanges } from '../visit/sealed-shares.server';
import { audit } from '~/models/audit/record.server';
import { authorize } from '~/auth/operations';
import { isUniqueViolation } from '~/db/errors';
import { containsText } from '~/db/dialect';
import { creatorIds, isCreator, type Principal } from '~/auth/principal';
import { creatorNames } from '~/models/key-names.server';
import { hashPassword } from '~/auth/password.server';
import { decrypt, encrypt } from '~/auth/secrets.server';
import { AppError } from '~/lib/errors';
import { toAppError } from '~/faults';
import type { UpdateFileInput } from '~/lib/schemas/files';
import { forgetGone } from '~/models/gone.server';
import { removeShare } from '../remove.server';
import { contentGrant, findLiveRow } from '../visit/file-access.server';
import { findShareRow, toFileRecord, type FileShareRecord, type ShareRow } from '../records.server';
import type { ModelContext } from '~/models/context.server';

function ownerFilter(principal: Principal) {
  return principal.kind === 'apikey' ? { createdBy: { in: creatorIds(principal) } } : {};
}

export interface FileListQuery {
  limit: number;
  offset: number;
  search?: string;
  createdBy?: string;
}

/** A share in the management list, with the name of the key that made it (when a key did). */
export interface ListedFile extends FileShareRecord {
  creatorKeyName: string | null;
  /**
   * A share of mounted storage whose file or folder is no longer there (deleted, or moved outside
   * Cloudclip: issue 42, item 6); asked only with `checkTargets`, else false.
   */
  targetGone: boolean;
}

/** Management list, newest first; keys see only their own (docs/product/api.md §3.4). */
export async function listFiles(
  ctx: ModelContext,
  principal: Principal,
  query: FileListQuery,
  options: { checkTargets?: boolean } = {},
): Promise<{ files: ListedFile[]; total: number }> {
  authorize(principal, 'file.manage');
  const search = query.search?.trim();
  const text = containsText(ctx.dialect, search ?? '');
  const where = {
    status: 'ready',
    ...(principal.kind === 'apikey' ? ownerFilter(principal) : query.createdBy ? { createdBy: query.createdBy } : {}),
    ...(search
      ? {
          AND: [
            {
              OR: [{ filename: text }, { slug: text }, { remark: text }],
            },
          ],
        }
      : {}),
  };
  const [files, total] = await Promise.all([
    ctx.db.fileShare.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: query.offset,
      take: query.limit,
      include: { storageConfig: true },
    }),
    ctx.db.fileShare.count({ where }),
  ]);
  const keyNames = await keyNamesFor(ctx, files);
  // One look per share of mounted storage on the page, at once; a storage that does not answer says nothing.
  const gone = await Promise.all(
    files.map((row) =>
      options.checkTargets && row.filePath !== null
        ? mountedTargetPresent(ctx, row).then(
            (present) => !present,
            () => false,
          )
        : false,
    ),
  );
  return {
    files: files.map((row, i) => ({
      ...toFileRecord(row),
      creatorKeyName: keyNames.get(row.createdBy ?? '') ?? null,
      targetGone: gone[i]!,
    })),
    total,
  };
}

function keyNamesFor(ctx: ModelContext, files: { createdBy: string | null }[]): Promise<Map<string, string>> {
  return creatorNames(
    ctx,
    files.map((f) => (f.createdBy?.startsWith('apikey:') ? f.createdBy : null)),
  );
}

/** A file share as its owner (or an admin) manages it: the password can be shown again (docs/product/api.md plain_password). */
export interface OwnedFileRecord extends FileShareRecord {
  plainPassword: string | null;
  /** For a password share: a content grant, so the owner's previews open without the password. */
  contentGrant: string | null;
}

/** The row of one share for its owner or an admin; anyone else gets "not found" (never a hint it exists). */
export async function ownedShareRow(ctx: ModelContext, principal: Principal, id: string): Promise<ShareRow> {
  authorize(principal, 'file.manage');
  const file = await findShareRow(ctx, id);
  if (!file || !isCreator(principal, file.createdBy)) throw new AppError('not_found', 'fileNotFoundOrForbidden');
  return file;
}

function toOwnedRecord(ctx: ModelContext, row: ShareRow): OwnedFileRecord {
  return {
    ...toFileRecord(row),
    plainPassword: row.passwordEnc ? decrypt(ctx.masterKey, row.passwordEnc) : null,
    contentGrant: row.passwordHash ? contentGrant(ctx, row) : null,
  };
}

/** One share for its owner or an admin, by id. */
export async function getOwnedFile(ctx: ModelContext, principal: Principal, id: string): Promise<OwnedFileRecord> {
  return toOwnedRecord(ctx, await ownedShareRow(ctx, principal, id));
}

/** One live share for its owner or an admin, by slug (an expired one answers 410 like its page). */
export async function getOwnedFileBySlug(
  ctx: ModelContext,
  principal: Principal,
  slug: string,
): Promise<OwnedFileRecord> {
  const live = await findLiveRow(ctx, slug);
  return getOwnedFile(ctx, principal, live.id);
}

export async function updateFile(
  ctx: ModelContext,
  principal: Principal,
  id: string,
  input: UpdateFileInput,
): Promise<FileShareRecord> {
  const file = await ownedShareRow(ctx, principal, id);
  if (file.envelope !== null) refuseSealedFileChanges(input);
  if (input.slug && input.slug !== file.slug) {
    const taken = await ctx.db.fileShare.findUnique({ where: { slug: input.slug } });
    if (taken) throw new AppError('conflict', 'fileSlugTaken');
  }
  const password =
    input.password === undefined || input.password === null
      ? {}
      : input.password === ''
        ? { passwordHash: null, passwordEnc: null }
        : { passwordHash: await hashPassword(input.password), passwordEnc: encrypt(ctx.masterKey, input.password) };
  try {
    const updated = await ctx.db.fileShare.update({
      where: { id },
      data: {
        remark: input.remark === undefined ? undefined : input.remark || null,
        slug: input.slug || undefined,
        expiresAt: input.expires_at === undefined ? undefined : input.expires_at ? new Date(input.expires_at) : null,
        // Whenever max_views is sent the count starts again (docs/product/api.md §1.9).
        ...(input.max_views === undefined ? {} : { maxViews: input.max_views || null, views: 0 }),
        useProxy: input.use_proxy,
        ...password,
      },
      include: { storageConfig: true },
    });
    if (updated.slug !== file.slug) await forgetGone(ctx, 'file', updated.slug);
    const target = updated.slug === file.slug ? file.slug : `${file.slug} → ${updated.slug}`;
    audit(ctx, principal, { action: 'file.update', target });
    return toFileRecord(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'fileSlugTaken');
    throw error;
  }
}

/**
 * Deleting file shares, the one operation every door uses (docs/product/api.md §3.4 batch delete, the admin list,
 * the share page): `both` removes object and record, `record_only` the record alone; thumbnails and
 * an unfinished multipart upload always go with the record. Each id succeeds or fails on its own;
 * keys may delete only their own shares.
 */
export async function deleteFiles(
  ctx: ModelContext,
  principal: Principal,
  ids: string[],
  mode: 'both' | 'record_only',
) {
  authorize(principal, 'file.manage');
  let success = 0;
  const failed: { id: string; error: string }[] = [];
  for (const id of ids) {
    const file = await findShareRow(ctx, id);
    if (!file || !isCreator(principal, file.createdBy)) {
      failed.push({ id, error: 'fileNotFoundOrNoDelete' });
      continue;
    }
    try {
      await removeShare(ctx, file, mode === 'both');
      audit(ctx, principal, { action: 'file.delete', target: file.slug, detail: mode });
      success++;
    } catch (error) {
      const mapped = toAppError(error);
      if (!(mapped instanceof AppError)) ctx.log.error({ err: error }, `Could not delete file ${id}`);
      failed.push({ id, error: mapped instanceof AppError ? mapped.messageKey : 'internal' });
    }
  }
  return { success, failed };
}
