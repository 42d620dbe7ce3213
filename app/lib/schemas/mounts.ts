import { z } from 'zod';
import { isReservedName } from '~/lib/reserved-names';

/**
 * Mount fields (docs/product/api.md §2.10, docs/product/spec.md §5). The mount path: absolute,
 * letters, digits, "_", "-", Chinese characters and "/" only, no empty segment, no trailing "/".
 */
const PATH_PATTERN = /^(\/[A-Za-z0-9_\-\u3400-\u9fff]+)+$/u;

/**
 * Reserved: the root (it lists the mounts) and the first segments the app's own URLs use, which
 * would make "/dav/api/…" or an explorer link ambiguous to read.
 */
const RESERVED_FIRST_SEGMENTS = new Set(['api', 'dav', 'p', 'admin', 'mount-explorer']);

export function mountPathProblem(path: string): 'mountPathInvalid' | 'mountPathReserved' | null {
  if (path === '/') return 'mountPathReserved';
  if (!PATH_PATTERN.test(path)) return 'mountPathInvalid';
  return RESERVED_FIRST_SEGMENTS.has(path.split('/')[1]!.toLowerCase()) ? 'mountPathReserved' : null;
}

/**
 * A mount's root folder inside its storage (issue 27; docs/api-extensions.md): written with or
 * without slashes around it ("team/docs", "/team/docs/"), stored as "team/docs/" ("" for the
 * storage's root). Checked by segment: no empty, "." or ".." segment, no control character or
 * backslash, and none of the app's own names (".cloudclip-…", where file shares keep their objects).
 */
export function normalizeRootFolder(raw: string): string | null {
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (trimmed.length > 512 || /[\u0000-\u001f\u007f\\]/.test(trimmed)) return null;
  const segments = trimmed.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || isReservedName(s))) return null;
  return `${segments.join('/')}/`;
}

const rootFolder = z.string().transform((raw, ctx) => {
  const folder = normalizeRootFolder(raw);
  if (folder === null) {
    ctx.addIssue({ code: 'custom', message: 'mountRootFolderInvalid' });
    return z.NEVER;
  }
  return folder;
});

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const mountPath = z
  .string()
  .trim()
  .min(1, 'mountPathRequired')
  .superRefine((path, ctx) => {
    const problem = mountPathProblem(path);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const fields = {
  name: z.string().trim().min(1, 'mountNameRequired').max(50, 'mountNameTooLong'),
  /** Sent by the v0.7.3 client ("S3"); the stored type follows the storage config. */
  storage_type: z.string().trim().max(20).optional(),
  mount_path: mountPath,
  storage_config_id: z.string().trim().min(1, 'mountStorageRequired'),
  root_folder: rootFolder.optional(),
  remark: z.union([z.string().trim().max(500), z.null()]).optional(),
  is_active: flag.optional(),
  sort_order: z.coerce.number({ message: 'sortOrderInvalid' }).int('sortOrderInvalid').optional(),
  cache_ttl: z.coerce
    .number({ message: 'cacheTtlInvalid' })
    .int('cacheTtlInvalid')
    .min(0, 'cacheTtlInvalid')
    .max(86_400, 'cacheTtlInvalid')
    .optional(),
  web_proxy: flag.optional(),
  webdav_policy: z.enum(['302_redirect', 'native_proxy'], { message: 'webdavPolicyInvalid' }).optional(),
  enable_sign: flag.optional(),
  // null first: coerced, null would be the number 0 ("never expires") instead of "use the global setting".
  sign_expires: z
    .union([
      z.null(),
      z.coerce.number({ message: 'signExpiresInvalid' }).int('signExpiresInvalid').min(0, 'signExpiresInvalid'),
    ])
    .optional(),
};

export const createMountSchema = z.object(fields);
export type CreateMountInput = z.infer<typeof createMountSchema>;

/** PUT: any subset of the fields; unknown keys are ignored (v0.7.3 wrote them as columns and failed). */
export const updateMountSchema = z.object({
  ...fields,
  name: fields.name.optional(),
  mount_path: mountPath.optional(),
  storage_config_id: fields.storage_config_id.optional(),
});
export type UpdateMountInput = z.infer<typeof updateMountSchema>;
