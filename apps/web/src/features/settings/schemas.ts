import type { ParseKeys } from 'i18next';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/features/auth/schemas';
import { i18n } from '@/lib/i18n';

const message = (key: ParseKeys) => ({ error: (): string => i18n.t(key) });

/** The current password, and the new one (6–72, the server's rule) twice. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, message('settings.password.currentRequired')),
    newPassword: z
      .string()
      .min(1, message('settings.password.newRequired'))
      .min(PASSWORD_MIN_LENGTH, message('auth.validation.passwordMin'))
      .max(PASSWORD_MAX_LENGTH, message('auth.validation.passwordMax')),
    confirmation: z.string().min(1, message('settings.password.confirmationRequired')),
  })
  .refine((values) => values.newPassword === values.confirmation, {
    path: ['confirmation'],
    ...message('auth.validation.passwordMismatch'),
  });
export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;
