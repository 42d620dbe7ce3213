import { z } from 'zod';
import { uploadOptionsSchema } from './files';

/** Bodies of the fs API's writes (docs/product/api.md §3.10). Paths are checked by the vfs. */
const path = z.string({ message: 'fsPathRequired' }).min(1, 'fsPathRequired');

/** Bodies that carry one path: mkdir, create-share. */
export const pathSchema = z.object({ path });
/** The share options a share of a mounted file may have (docs/api-extensions.md §5), as an upload's. */
export const mountedShareOptionsSchema = uploadOptionsSchema.pick({
  slug: true,
  password: true,
  expires_in: true,
  max_views: true,
  remark: true,
});
/**
 * create-share: a path (a file, or a folder) or `paths` (a selection in one folder; issue 30), and
 * optionally the upload page's share options.
 */
export const createShareSchema = z
  .object({
    path: path.optional(),
    // At most models/shares MAX_SELECTION (1,000): the model says so, with the number.
    paths: z.array(path).min(1, 'fsPathsRequired').optional(),
    ...mountedShareOptionsSchema.shape,
  })
  .refine((input) => input.path !== undefined || input.paths !== undefined, {
    message: 'fsPathRequired',
    path: ['path'],
  });
export const updateSchema = z.object({ path, content: z.string({ message: 'fsContentRequired' }) });
export const batchRemoveSchema = z.object({
  // At most models/fs MAX_REMOVE_PATHS: the model says so, with the number.
  paths: z.array(z.string().min(1), { message: 'fsPathsRequired' }).min(1, 'fsPathsRequired'),
});
export const renameSchema = z.object({ oldPath: path, newPath: path });

const fileName = z.string({ message: 'filenameRequired' }).min(1, 'filenameRequired');
const size = z.coerce.number().int().min(0);
/** Ours (docs/api-extensions.md "Uploads onto a name"): replace (v0.7.3's, the default), keep both, or skip. */
export const onConflict = z.enum(['replace', 'keep', 'skip'], { message: 'onConflictInvalid' }).optional();

export const presignSchema = z.object({
  path,
  fileName,
  contentType: z.string().max(200).optional(),
  fileSize: size.optional(),
  onConflict,
});
export const presignCommitSchema = z.object({
  targetPath: path,
  mountId: z.string().optional(),
  fileSize: size.optional(),
  /** The presign's answer, which the v0.7.3 client sends back whole. */
  fileId: z.string().max(100).optional(),
});
export const multipartInitSchema = z.object({
  path,
  fileName,
  fileSize: z.coerce.number({ message: 'sizeRequired' }).int('sizeRequired').min(0, 'sizeRequired'),
  partSize: size.optional(),
  onConflict,
});
export const multipartCompleteSchema = z.object({
  path,
  fileName,
  uploadId: z.string({ message: 'uploadIdRequired' }).min(1, 'uploadIdRequired'),
  parts: z
    .array(z.object({ partNumber: z.coerce.number().int().min(1), etag: z.string().min(1) }), {
      message: 'partsRequired',
    })
    .min(1, 'partsRequired'),
  fileSize: size.optional(),
});
export const multipartAbortSchema = z.object({
  path,
  fileName,
  uploadId: z.string({ message: 'uploadIdRequired' }).min(1, 'uploadIdRequired'),
});

/**
 * GET /fs/search (docs/product/api.md §3.10): the query length is checked by the model; `limit` and
 * `offset` are paging (docs/product/api.md §1.7), read by the door like every other list's.
 */
export const searchSchema = z.object({
  q: z.string({ message: 'searchQueryTooShort' }),
  scope: z.enum(['global', 'mount', 'directory'], { message: 'searchScopeInvalid' }).default('global'),
  mount_id: z.string().optional(),
  path: z.string().optional(),
});

/** POST /fs/copy (ours) and POST /fs/batch-copy (docs/product/api.md §3.10): source and full target paths. */
const copyItems = z
  .array(z.object({ sourcePath: path, targetPath: path }), { message: 'copyItemsRequired' })
  .min(1, 'copyItemsRequired')
  .max(1000);
export const copySchema = z.object({
  items: copyItems,
  skipExisting: z.boolean().default(false),
  move: z.boolean().default(false),
});
export const batchCopySchema = z.object({ items: copyItems, skipExisting: z.boolean().optional() });
export const batchCopyCommitSchema = z.object({
  targetMountId: z.string({ message: 'mountNotFound' }).min(1, 'mountNotFound'),
  files: z
    .array(z.object({ targetPath: path, s3Path: z.string().optional() }).passthrough(), {
      message: 'copyItemsRequired',
    })
    .min(1, 'copyItemsRequired')
    .max(10_000),
});

/**
 * The mount explorer's form posts (app/routes/explorer/intents.server.ts), one shape per intent. A
 * multi-valued `name` arrives as an array (FormData.getAll); a checkbox is "on" or absent. An
 * intent that is none of these is a 400, never some other intent.
 */
const formText = z.string().default('');
const entryNames = z
  .array(z.string())
  .default([])
  .transform((names) => names.filter(Boolean));
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');

export const explorerIntentSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('mkdir'), folder: formText }),
    z.object({ intent: z.literal('rename'), name: entryNames, newName: formText, into: formText }),
    z.object({ intent: z.literal('delete'), name: entryNames }),
    z.object({ intent: z.literal('save'), name: entryNames, content: formText }),
    z.object({
      intent: z.literal('link'),
      name: entryNames,
      expires: z.coerce.number().int().positive().catch(3600),
      download: checkbox,
    }),
    // The share options are the upload form's fields, read by uploadInputFromForm.
    z.looseObject({ intent: z.literal('share'), name: entryNames }),
    // The view preferences: lib/explorer.ts's prefsOf reads (and bounds) every field itself.
    z.looseObject({ intent: z.literal('prefs'), back: formText }),
    z.object({
      intent: z.literal('copy'),
      name: entryNames,
      target: formText,
      newFolder: formText,
      confirm: checkbox,
      skipExisting: checkbox,
      move: checkbox,
    }),
    z.object({ intent: z.literal('cancelTask'), task: formText }),
    z.object({ intent: z.literal('clearTasks') }),
    z.object({ intent: z.literal('retryTask'), task: formText }),
  ],
  { error: 'explorerIntentUnknown' },
);
export type ExplorerIntentInput = z.infer<typeof explorerIntentSchema>;
export type ExplorerIntent = ExplorerIntentInput['intent'] | 'upload' | 'binRestore' | 'binPurge' | 'binEmpty';
