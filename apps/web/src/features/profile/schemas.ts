import type { ParseKeys } from 'i18next';
import { z } from 'zod';
import { i18n } from '@/lib/i18n';

/** Messages are functions so they follow the language at check time. */
const message = (key: ParseKeys) => ({ error: (): string => i18n.t(key) });

/** The server keeps names short (user_metadata has a size cap); both are optional, as on the sign-up form. */
export const NAME_MAX_LENGTH = 100;

export const nameSchema = z.object({
  firstName: z.string().trim().max(NAME_MAX_LENGTH, message('profile.name.max')),
  lastName: z.string().trim().max(NAME_MAX_LENGTH, message('profile.name.max')),
});
export type NameValues = z.infer<typeof nameSchema>;

/** A new address: the browser's own e-mail pattern, and not the current one (checked by the form). */
export const emailChangeSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, message('auth.validation.emailRequired'))
    .regex(z.regexes.html5Email, message('auth.validation.emailInvalid')),
});
export type EmailChangeValues = z.infer<typeof emailChangeSchema>;
