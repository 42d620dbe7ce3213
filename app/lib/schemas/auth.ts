import { z } from 'zod';

/** One schema per operation, shared by the HTML form and the JSON door (docs/architecture.md §1). */
export const adminLoginSchema = z.object({
  username: z.string().trim().min(1, 'usernameRequired').max(100),
  password: z.string().min(1, 'passwordRequired').max(1000),
  /** An account's TOTP or recovery code (docs/api-extensions.md §16); the form asks on a second page. */
  code: z.string().trim().max(64).optional(),
});

/** The second step of a sign-in: a TOTP code or a recovery code. */
export const secondFactorSchema = z.object({
  code: z.string().trim().min(1, 'secondFactorCodeRequired').max(64),
});

export const apiKeyLoginSchema = z.object({
  apiKey: z.string().trim().min(1, 'apiKeyRequired').max(200),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'currentPasswordRequired').max(1000),
    newPassword: z.string().max(1000).optional().default(''),
    newUsername: z.string().trim().max(100).optional().default(''),
  })
  .refine((v) => v.newPassword !== '' || v.newUsername !== '', {
    message: 'newCredentialRequired',
    path: ['newPassword'],
  })
  .refine((v) => v.newPassword === '' || v.newPassword !== v.currentPassword, {
    message: 'newPasswordSameAsOld',
    path: ['newPassword'],
  })
  .refine((v) => v.newPassword === '' || v.newPassword.length >= 8, {
    message: 'newPasswordTooShort',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
