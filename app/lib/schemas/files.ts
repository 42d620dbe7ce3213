import { z } from 'zod';
import { slugProblem } from '~/lib/slug';

const slugInput = z
  .string()
  .trim()
  .superRefine((slug, ctx) => {
    const problem = slug === '' ? null : slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const intFromAny = (message: string) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d*$/, message)
        .transform((v) => (v === '' ? 0 : Number(v))),
    ])
    .pipe(z.number().int(message));

const boolFromAny = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => !(v === false || v === 0 || v === '0' || v === 'false' || v === ''));

/**
 * Share options of an upload (form fields, upload-direct query, presign/commit bodies): the
 * field names of api.md §3.4. expires_in is in hours (0 = never); max_views 0 = unlimited.
 */
export const uploadOptionsSchema = z.object({
  s3_config_id: z.string().trim().max(100).optional(),
  storage_config_id: z.string().trim().max(100).optional(),
  slug: slugInput.optional(),
  path: z.string().max(500).optional(),
  remark: z.string().max(1000, 'remarkTooLong').optional(),
  password: z.string().max(200, 'passwordTooLong').optional(),
  expires_in: intFromAny('expiresInInvalid')
    .pipe(
      z
        .number()
        .min(0, 'expiresInInvalid')
        .max(24 * 365 * 100, 'expiresInInvalid'),
    )
    .optional(),
  max_views: intFromAny('maxViewsInvalid')
    .pipe(z.number().min(0, 'maxViewsNegative').max(1_000_000_000, 'maxViewsInvalid'))
    .optional(),
  use_proxy: boolFromAny.optional(),
  override: boolFromAny.optional(),
  original_filename: boolFromAny.optional(),
});
export type UploadOptions = z.infer<typeof uploadOptionsSchema>;

/** PUT /files/{id} (api.md §3.4): password "" clears it, absent keeps it. */
export const updateFileSchema = z.object({
  remark: z.string().max(1000, 'remarkTooLong').nullish(),
  slug: slugInput.optional(),
  expires_at: z
    .union([z.string().refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), 'expiryInvalid'), z.null()])
    .optional(),
  max_views: z.union([intFromAny('maxViewsInvalid').pipe(z.number().min(0, 'maxViewsNegative')), z.null()]).optional(),
  password: z.string().max(200, 'passwordTooLong').nullish(),
  use_proxy: boolFromAny.optional(),
});
export type UpdateFileInput = z.infer<typeof updateFileSchema>;

export const batchDeleteFilesSchema = z.object({
  ids: z.array(z.string().min(1).max(100), { error: 'idsRequired' }).min(1, 'idsRequired').max(1000),
  delete_mode: z.enum(['both', 'record_only'], { error: 'deleteModeInvalid' }).optional().default('both'),
});
