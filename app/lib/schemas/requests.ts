import { z } from 'zod';
import { boolFromAny, byteSize, intFromAny, numberFromAny, partsSchema, slugInput, uploadId } from './files';

const MB = 1024 * 1024;
/** 1 PiB: more than any limit a person means, and exact as a JavaScript number. */
const MAX_BYTES = 1024 ** 5;

const bytes = (message: string) =>
  intFromAny(message).pipe(z.number().min(0, message).max(MAX_BYTES, message)).optional();

/**
 * A new upload request (docs/api-extensions.md §9), from the JSON API or the admin page's form: the
 * folder files land in (a request makes a folder of its own inside it) or file shares, what the
 * uploader reads, and the limits. 0 or absent means "no limit" and, for expiresIn (hours, fractions allowed), never.
 */
export const createRequestSchema = z.object({
  title: z.string().trim().min(1, 'requestTitleRequired').max(100, 'requestTitleTooLong'),
  note: z.string().trim().max(1000, 'remarkTooLong').optional(),
  /** "folder" (the default): into a folder of its own inside `folder`; "shares": each file a file share. */
  target: z.enum(['folder', 'shares'], { error: 'requestTargetInvalid' }).optional(),
  /** Required for a request into a folder. */
  folder: z.string().trim().max(1000, 'fsPathInvalid').optional(),
  slug: slugInput.optional(),
  password: z.string().max(200, 'passwordTooLong').optional(),
  expiresIn: numberFromAny('expiresInInvalid')
    .pipe(
      z
        .number()
        .min(0, 'expiresInInvalid')
        .max(24 * 365 * 100, 'expiresInInvalid'),
    )
    .optional(),
  maxFiles: intFromAny('requestLimitInvalid')
    .pipe(z.number().min(0, 'requestLimitInvalid').max(1_000_000, 'requestLimitInvalid'))
    .optional(),
  maxFileBytes: bytes('requestLimitInvalid'),
  maxTotalBytes: bytes('requestLimitInvalid'),
  showArrivals: boolFromAny.optional(),
});
export type CreateRequestInput = z.infer<typeof createRequestSchema>;

/**
 * A request's edit (the admin page's form): what its uploaders read and its limits. A field left out
 * stays; `expiresIn` 0 means never, otherwise hours from now; `reopen` opens a closed or expired one
 * again (an expired one only with a new expiry). Its folder, target and link stay what they were.
 */
export const updateRequestSchema = createRequestSchema
  .pick({
    title: true,
    note: true,
    expiresIn: true,
    maxFiles: true,
    maxFileBytes: true,
    maxTotalBytes: true,
    showArrivals: true,
  })
  .partial()
  .extend({ reopen: boolFromAny.optional() });
export type UpdateRequestInput = z.infer<typeof updateRequestSchema>;

/** The admin form gives sizes in MB ("" for none); the API takes bytes. */
export function megabytesToBytes(value: FormDataEntryValue | null): number | undefined | string {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const mb = Number(value.trim());
  return Number.isFinite(mb) && mb >= 0 ? Math.round(mb * MB) : value;
}

/** What an uploader may add to a file: a short note for the request's creator. */
export const arrivalNoteSchema = z.string().trim().max(1000, 'remarkTooLong').optional();

/**
 * A file sent to a request in parts (docs/api-extensions.md §9): its name and exact size first;
 * then the storage upload's id stands for it.
 */
export const requestPartsStartSchema = z.object({
  name: z.string({ error: 'filenameRequired' }).min(1, 'filenameRequired').max(1000),
  size: byteSize('sizeInvalid'),
  part_size: byteSize('sizeInvalid').optional(),
  note: arrivalNoteSchema,
});

export const requestPartsRefSchema = z.object({ upload_id: uploadId });

export const requestPartsCompleteSchema = requestPartsRefSchema.extend({ parts: partsSchema });
