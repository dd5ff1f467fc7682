/**
 * Account security (issue 4): changing one's own password, and an administrator renaming or
 * disabling an account. Changing a password revokes the user's other sessions (the current one is
 * rotated); disabling an account revokes all of its sessions.
 */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, passwordSchema } from './auth';

/**
 * POST /api/v1/auth/me/password. `currentPassword` is only length-checked here (the server
 * verifies it: 400 with details field `currentPassword`); `newPassword` follows the strength rule
 * and must differ from the current one (details field `newPassword`).
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'errors.required' }).max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
  })
  .strict()
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'errors.password.sameAsCurrent',
    path: ['newPassword'],
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
