import { z } from 'zod';
import { basicPathInput, permissionsInput, quotaFields } from './api-keys';

/** Accounts (issue 44; docs/api-extensions.md §16): one schema per operation, for the forms and the JSON door. */
export const ACCOUNT_ROLES = ['admin', 'member'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** A new password: at least 8 characters, like the admin's own (changePasswordSchema). */
export const newPasswordInput = z.string().min(8, 'newPasswordTooShort').max(1000);

const usernameInput = z
  .string()
  .trim()
  .min(1, 'usernameRequired')
  .max(100, 'usernameTooLong')
  .regex(/^[^\s:]+$/, 'usernameInvalid');

export const createAccountSchema = z.object({
  /** The sign-in name: a username or an e-mail address (no spaces or colons: HTTP Basic splits on ":"). */
  username: usernameInput,
  name: z.string().trim().max(100).optional().default(''),
  email: z
    .union([z.literal(''), z.string().trim().email('emailInvalid').max(200)])
    .optional()
    .default(''),
  role: z.enum(ACCOUNT_ROLES).optional().default('member'),
  permissions: permissionsInput.optional().default(0),
  basic_path: basicPathInput.optional().default('/'),
  /** Set a password now instead of sending an invitation. */
  password: z
    .union([z.literal(''), newPasswordInput])
    .optional()
    .default(''),
  /** How long the invitation link works, in days (1–30). */
  invite_days: z.coerce.number().int().min(1).max(30).optional().default(7),
  ...quotaFields,
});
export type CreateAccountInput = z.infer<typeof createAccountSchema>;

export const updateAccountSchema = z.object({
  name: z.string().trim().max(100).optional(),
  email: z.union([z.literal(''), z.string().trim().email('emailInvalid').max(200)]).optional(),
  role: z.enum(ACCOUNT_ROLES).optional(),
  permissions: permissionsInput.optional(),
  basic_path: basicPathInput.optional(),
  disabled: z
    .union([z.boolean(), z.literal(0), z.literal(1)])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === true || v === 1)),
  ...quotaFields,
});
export type UpdateAccountInput = Partial<z.infer<typeof updateAccountSchema>>;

export const acceptInvitationSchema = z
  .object({ password: newPasswordInput, confirmPassword: z.string().max(1000) })
  .refine((v) => v.password === v.confirmPassword, { message: 'passwordMismatch', path: ['confirmPassword'] });

export const secondFactorPolicySchema = z.enum(['off', 'admins', 'everyone']);
export type SecondFactorPolicy = z.infer<typeof secondFactorPolicySchema>;
