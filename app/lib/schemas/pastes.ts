import { z } from 'zod';
import { envelopeProblem } from '~/lib/e2e/paste';
import { slugProblem } from '~/lib/slug';

/** Paste content limit: far above any real paste, well below what would hurt the database. */
export const PASTE_MAX_BYTES = 5 * 1024 * 1024;

const slugInput = z
  .string()
  .trim()
  .superRefine((slug, ctx) => {
    const problem = slug === '' ? null : slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const maxViewsInput = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+$/, 'maxViewsInvalid')
      .transform(Number),
  ])
  .pipe(z.number().int('maxViewsInvalid').min(0, 'maxViewsNegative').max(1_000_000_000, 'maxViewsInvalid'));

const expiresAtInput = z
  .string()
  .max(64)
  .refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), 'expiryInvalid');

const contentInput = z
  .string({ error: 'contentRequired' })
  .refine((v) => v.trim().length > 0, 'contentRequired')
  .refine((v) => Buffer.byteLength(v, 'utf8') <= PASTE_MAX_BYTES, 'contentTooLarge');

/**
 * POST /api/paste and the home page form (docs/product/api.md §3.3). `encrypted` (an extension,
 * docs/api-extensions.md) says the content is an envelope sealed in the browser
 * (docs/encryption.md): its remark is inside it, and its password is the envelope's verifier.
 */
export const createPasteSchema = z
  .object({
    content: contentInput,
    slug: slugInput.optional(),
    remark: z.string().max(1000, 'remarkTooLong').optional(),
    password: z.string().max(200, 'passwordTooLong').optional(),
    expiresAt: expiresAtInput.nullish(),
    maxViews: maxViewsInput.nullish(),
    encrypted: z.boolean().optional(),
  })
  .superRefine((input, ctx) => {
    if (!input.encrypted) return;
    const problem = envelopeProblem(input.content, !!input.password);
    if (problem) ctx.addIssue({ code: 'custom', path: ['content'], message: problem });
    if (input.remark) ctx.addIssue({ code: 'custom', path: ['remark'], message: 'encryptedRemark' });
  });
export type CreatePasteInput = z.infer<typeof createPasteSchema>;

/** PUT /api/pastes/{slug}: newSlug absent = keep, ""/null = new random slug. */
export const updatePasteSchema = z.object({
  content: contentInput,
  remark: z.string().max(1000, 'remarkTooLong').nullish(),
  expiresAt: expiresAtInput.nullish(),
  maxViews: maxViewsInput.nullish(),
  password: z.string().max(200, 'passwordTooLong').nullish(),
  clearPassword: z.boolean().optional(),
  newSlug: slugInput.nullish(),
});
export type UpdatePasteInput = z.infer<typeof updatePasteSchema>;

export const batchDeleteSchema = z.object({
  ids: z.array(z.string().min(1).max(100), { error: 'idsRequired' }).min(1, 'idsRequired').max(1000),
});

export const unlockSchema = z.object({
  password: z.string({ error: 'passwordRequired' }).min(1, 'passwordRequired').max(200),
});
