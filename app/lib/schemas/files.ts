import { z } from 'zod';
import { slugProblem } from '~/lib/slug';

export const slugInput = z
  .string()
  .trim()
  .superRefine((slug, ctx) => {
    const problem = slug === '' ? null : slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const intFromAny = (message: string) =>
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

/** Like intFromAny, with a fraction allowed ("0.25"): the forms' 5-minute expiry is 1/12 hour. */
export const numberFromAny = (message: string) =>
  z.union([
    z.number().finite(message),
    z
      .string()
      .trim()
      .regex(/^-?\d*(\.\d+)?$/, message)
      .transform((v) => (v === '' ? 0 : Number(v))),
  ]);

export const boolFromAny = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => !(v === false || v === 0 || v === '0' || v === 'false' || v === ''));

/**
 * Share options of an upload (form fields, upload-direct query, presign/commit bodies): the
 * field names of docs/product/api.md §3.4. expires_in is in hours (0 = never), a fraction allowed
 * (v0.7.3 clients send whole hours; our forms offer 5 minutes); max_views 0 = unlimited.
 */
export const uploadOptionsSchema = z.object({
  s3_config_id: z.string().trim().max(100).optional(),
  storage_config_id: z.string().trim().max(100).optional(),
  slug: slugInput.optional(),
  path: z.string().max(500).optional(),
  remark: z.string().max(1000, 'remarkTooLong').optional(),
  password: z.string().max(200, 'passwordTooLong').optional(),
  expires_in: numberFromAny('expiresInInvalid')
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

/** PUT /files/{id} (docs/product/api.md §3.4): password "" clears it, absent keeps it. */
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

export const byteSize = (message: string) =>
  intFromAny(message).pipe(z.number().min(0, message).max(Number.MAX_SAFE_INTEGER, message));

const fileId = z.string({ error: 'fileIdRequired' }).trim().min(1, 'fileIdRequired').max(100);
export const uploadId = z.string({ error: 'uploadIdRequired' }).trim().min(1, 'uploadIdRequired').max(1024);

/** POST /s3/presign (docs/product/api.md §3.4); `mimetype` is accepted and ignored: the type comes from the name. */
export const presignSchema = uploadOptionsSchema.extend({
  filename: z.string({ error: 'filenameRequired' }).min(1, 'filenameRequired').max(1000),
  size: byteSize('sizeInvalid').optional(),
  mimetype: z.string().max(200).optional(),
  /** An end-to-end encrypted upload (docs/api-extensions.md §11): its header and sealed metadata. */
  envelope: z.string().max(8192, 'envelopeInvalid').optional(),
});

/** POST /s3/multipart/init: like presign, and the size is required to plan the parts. */
export const multipartInitSchema = presignSchema.extend({
  size: z.union([z.number(), z.string()], { error: 'sizeRequired' }).pipe(byteSize('sizeInvalid')),
});

/** POST /s3/commit, /url/commit: the share options are applied when present (docs/product/api.md §5 #1). */
export const commitSchema = uploadOptionsSchema.extend({
  file_id: fileId,
  etag: z.string().max(200).nullish(),
  size: byteSize('sizeInvalid').nullish(),
});

export const cancelSchema = z.object({ file_id: fileId });

export const multipartRefSchema = z.object({ file_id: fileId, upload_id: uploadId });

export const partsSchema = z
  .array(
    z.object({
      partNumber: z.number({ error: 'partsInvalid' }).int('partsInvalid').min(1, 'partsInvalid').max(10_000),
      etag: z.string({ error: 'partsInvalid' }).min(1, 'partsInvalid').max(200),
    }),
    { error: 'partsRequired' },
  )
  .min(1, 'partsRequired')
  .max(10_000);

export const multipartCompleteSchema = uploadOptionsSchema.extend({
  file_id: fileId,
  upload_id: uploadId,
  parts: partsSchema,
});

/** A remote file's details a URL-upload client already knows (docs/product/api.md §3.9 `metadata`). */
const urlMetadata = z
  .object({
    filename: z.string().max(1000).optional(),
    contentType: z.string().max(200).optional(),
    size: byteSize('sizeInvalid').nullish(),
  })
  .optional();

const sourceUrl = z
  .string({ error: 'urlRequired' })
  .trim()
  .min(1, 'urlRequired')
  .max(8192, 'urlNotAllowed')
  .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'urlNotAllowed');

/** POST /url/presign (docs/product/api.md §3.9). */
export const urlPresignSchema = uploadOptionsSchema.extend({
  url: sourceUrl,
  metadata: urlMetadata,
  filename: z.string().max(1000).optional(),
});

/** POST /url/multipart/init: the client also sends total_size (and may send part_size). */
export const urlMultipartInitSchema = urlPresignSchema.extend({
  total_size: byteSize('sizeInvalid').optional(),
  part_size: byteSize('sizeInvalid').optional(),
  part_count: byteSize('sizeInvalid').optional(),
});

export const multipartPartsSchema = multipartRefSchema.extend({ parts: partsSchema });

/**
 * POST /api/files/bundle (docs/api-extensions.md §10): file shares just uploaded together become one
 * link; its name, slug, password, expiry, view limit and remark as for an upload.
 */
export const bundleSchema = uploadOptionsSchema
  .pick({ slug: true, password: true, expires_in: true, max_views: true, remark: true })
  .extend({
    ids: z.array(z.string().trim().min(1).max(100)).min(2, 'bundleSize').max(1000, 'bundleSize'),
    name: z.string().trim().max(255, 'filenameTooLong').optional(),
  });
