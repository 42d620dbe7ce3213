import { authorize } from '~/auth/operations';
import { isCreator, type Principal } from '~/auth/principal';
import { hashPassword } from '~/auth/password.server';
import { decrypt, encrypt } from '~/auth/secrets.server';
import { AppError } from '~/lib/errors';
import type { UpdateFileInput } from '~/lib/schemas/files';
import { forgetGone } from './gone.server';
import { removeShare, type FileWithStorage } from './files.server';
import type { ModelContext } from '~/models/context.server';

function ownerFilter(principal: Principal) {
  return principal.kind === 'apikey'
    ? { OR: [{ createdBy: `apikey:${principal.keyId}` }, { createdBy: principal.keyId }] }
    : {};
}

export interface FileListQuery {
  limit: number;
  offset: number;
  search?: string;
  createdBy?: string;
}

/** Management list, newest first; keys see only their own (api.md §3.4). */
export async function listFiles(ctx: ModelContext, principal: Principal, query: FileListQuery) {
  authorize(principal, 'file.manage');
  const search = query.search?.trim();
  const where = {
    status: 'ready',
    ...(principal.kind === 'apikey' ? ownerFilter(principal) : query.createdBy ? { createdBy: query.createdBy } : {}),
    ...(search
      ? {
          AND: [
            {
              OR: [
                { filename: { contains: search } },
                { slug: { contains: search } },
                { remark: { contains: search } },
              ],
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
  return { files, total, keyNames: await keyNamesFor(ctx, files) };
}

export async function keyNamesFor(
  ctx: ModelContext,
  files: { createdBy: string | null }[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      files
        .map((f) => f.createdBy)
        .filter((c): c is string => !!c?.startsWith('apikey:'))
        .map((c) => c.slice(7)),
    ),
  ];
  if (!ids.length) return new Map();
  const keys = await ctx.db.apiKey.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(keys.map((k) => [`apikey:${k.id}`, k.name]));
}

/** One share for its owner or an admin; anyone else gets "not found" (never a hint it exists). */
export async function getOwnedFile(ctx: ModelContext, principal: Principal, id: string): Promise<FileWithStorage> {
  authorize(principal, 'file.manage');
  const file = await ctx.db.fileShare.findUnique({ where: { id }, include: { storageConfig: true } });
  if (!file || !isCreator(principal, file.createdBy)) throw new AppError('not_found', 'fileNotFoundOrForbidden');
  return file;
}

export function plainPasswordOf(ctx: ModelContext, file: FileWithStorage): string | null {
  return file.passwordEnc ? decrypt(ctx.masterKey, file.passwordEnc) : null;
}

export async function updateFile(ctx: ModelContext, principal: Principal, id: string, input: UpdateFileInput) {
  const file = await getOwnedFile(ctx, principal, id);
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
        // Whenever max_views is sent the count starts again (api.md §1.9).
        ...(input.max_views === undefined ? {} : { maxViews: input.max_views || null, views: 0 }),
        useProxy: input.use_proxy,
        ...password,
      },
    });
    if (updated.slug !== file.slug) await forgetGone(ctx, 'file', updated.slug);
    return updated;
  } catch (error) {
    if ((error as { code?: string })?.code === 'P2002') throw new AppError('conflict', 'fileSlugTaken');
    throw error;
  }
}

/**
 * Batch delete (api.md §3.4): `both` removes object and record, `record_only` the record alone.
 * Each id succeeds or fails on its own; keys may delete only their own shares.
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
    const file = await ctx.db.fileShare.findUnique({ where: { id }, include: { storageConfig: true } });
    if (!file || !isCreator(principal, file.createdBy)) {
      failed.push({ id, error: 'fileNotFoundOrNoDelete' });
      continue;
    }
    try {
      await removeShare(ctx, file, mode === 'both');
      success++;
    } catch (error) {
      failed.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { success, failed };
}
