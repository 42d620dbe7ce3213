import { z } from 'zod';
import { PERMISSION_FLAGS, permissionsFromObject, ALL_PERMISSIONS } from '~/lib/permissions';

export const KEY_PATTERN = /^[A-Za-z0-9_-]+$/;
export const NEVER_EXPIRES = '9999-12-31T23:59:59.000Z';

const permissionsObject = z
  .object(
    Object.fromEntries([
      ...PERMISSION_FLAGS.map(([name]) => [name, z.boolean().optional()]),
      ['file', z.boolean().optional()],
    ]),
  )
  .transform((flags) => permissionsFromObject(flags));

/** Bits as a number, or the object form of docs/product/spec.md §3 (converted to bits). */
export const permissionsInput = z.union([
  z
    .number()
    .int('permissionsInvalid')
    .min(0, 'permissionsInvalid')
    .refine((n) => (n & ~ALL_PERMISSIONS) === 0, 'permissionsInvalid'),
  permissionsObject,
]);

/** ISO date, "never"/null for no expiry; missing or "" means one day (docs/product/api.md §1.9). */
export const expiresAtInput = z.union([z.null(), z.string().max(64)]).optional();

export const basicPathInput = z.string().trim().max(1024);

/** A quota (decision 0034): a whole number (bytes, or shares a day); null or 0 for no limit. */
const quotaInput = z
  .union([z.null(), z.number().int('quotaInvalid').min(0, 'quotaInvalid').max(Number.MAX_SAFE_INTEGER, 'quotaInvalid')])
  .transform((v) => (v === 0 ? null : v))
  .optional();

/** The quota fields of both schemas (docs/api-extensions.md §12). */
export const quotaFields = {
  quota_bytes: quotaInput,
  quota_day_bytes: quotaInput,
  quota_day_shares: quotaInput,
  quota_file_bytes: quotaInput,
};

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, 'keyNameRequired').max(100, 'keyNameTooLong'),
  expires_at: expiresAtInput,
  permissions: permissionsInput.optional().default(0),
  role: z.string().trim().min(1).max(32).optional().default('GENERAL'),
  custom_key: z
    .string()
    .trim()
    .max(128, 'customKeyInvalid')
    .regex(KEY_PATTERN, 'customKeyInvalid')
    .nullish()
    .or(z.literal('').transform(() => null)),
  basic_path: basicPathInput.optional().default('/'),
  is_guest: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .optional()
    .transform((v) => v === true || v === 1),
  ...quotaFields,
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/**
 * PUT accepts only these six fields (docs/product/api.md §3.2), and the quotas (docs/api-extensions.md
 * §12); anything else is ignored, never written.
 */
export const updateApiKeySchema = z
  .object({
    name: z.string().trim().min(1, 'keyNameRequired').max(100, 'keyNameTooLong').optional(),
    permissions: permissionsInput.optional(),
    role: z.string().trim().min(1).max(32).optional(),
    basic_path: basicPathInput.optional(),
    is_guest: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === true || v === 1)),
    expires_at: expiresAtInput,
    ...quotaFields,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'noFieldToUpdate' });
export type UpdateApiKeyInput = z.infer<typeof updateApiKeySchema>;
