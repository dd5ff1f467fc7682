/**
 * Users, minimal (walking skeleton): an administrator creates accounts; full management
 * (groups, disable, reset password, recycle bin) comes with the identity issue.
 */
import { z } from 'zod';
import { emailSchema, LOCALES, passwordSchema, personNameSchema } from './auth';

export const userCreateSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  isAdmin: z.boolean().default(false),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  locale: z.enum(LOCALES),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
