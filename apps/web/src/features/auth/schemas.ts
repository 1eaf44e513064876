import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sonhario/contracts/auth';
import type { ParseKeys } from 'i18next';
import { z } from 'zod';
import { i18n } from '@/lib/i18n';

/**
 * The form rules are the browser-level ones the spec names (required, type=email, minLength 6) plus the
 * server's 72-character cap (both lengths from the contract), in the user's language. Messages are functions so
 * they follow the language at check time.
 */
const message = (key: ParseKeys) => ({ error: (): string => i18n.t(key) });

const email = z
  .string()
  .trim()
  .min(1, message('auth.validation.emailRequired'))
  // The same pattern the browser applies to <input type="email">, so the two never disagree.
  .regex(z.regexes.html5Email, message('auth.validation.emailInvalid'));

const newPassword = z
  .string()
  .min(1, message('auth.validation.passwordRequired'))
  .min(PASSWORD_MIN_LENGTH, message('auth.validation.passwordMin'))
  .max(PASSWORD_MAX_LENGTH, message('auth.validation.passwordMax'));

export const signInSchema = z.object({
  email,
  password: z.string().min(1, message('auth.validation.passwordRequired')),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  email,
  password: newPassword,
  // Checked by the submit handler: without consent the button is disabled and submitting does nothing.
  consent: z.boolean(),
});
export type SignUpValues = z.infer<typeof signUpSchema>;

export const passwordRecoverySchema = z.object({ email });
export type PasswordRecoveryValues = z.infer<typeof passwordRecoverySchema>;

export const newPasswordSchema = z
  .object({ password: newPassword, confirmation: z.string().min(1, message('auth.validation.passwordRequired')) })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    ...message('auth.validation.passwordMismatch'),
  });
export type NewPasswordValues = z.infer<typeof newPasswordSchema>;

/** The settings' password change: the current password, and the new one (6–72, the server's rule) twice. */
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
