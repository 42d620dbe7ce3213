import { z } from 'zod';

/** An OpenID Connect provider as an admin configures it (Admin → Accounts, issue 44 item 3). */
export const createSsoProviderSchema = z.object({
  name: z.string().trim().min(1, 'ssoNameRequired').max(60),
  issuer: z
    .string()
    .trim()
    .max(500)
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'ssoIssuerInvalid'),
  client_id: z.string().trim().min(1, 'ssoClientRequired').max(300),
  client_secret: z.string().trim().min(1, 'ssoClientRequired').max(1000),
  /** E-mail domains, comma or space separated; empty for any. */
  allowed_domains: z.string().trim().max(1000).optional().default(''),
  group_claim: z.string().trim().max(100).optional().default('groups'),
  admin_group: z.string().trim().max(200).optional().default(''),
  auto_create: z
    .union([z.boolean(), z.literal('on'), z.literal('1'), z.literal('')])
    .optional()
    .transform((v) => v === true || v === 'on' || v === '1'),
});
export type CreateSsoProviderInput = z.infer<typeof createSsoProviderSchema>;
