import { z } from 'zod';

export const PLANS = ['dreamer', 'lucid', 'oracle'] as const;
export type PlanId = (typeof PLANS)[number];

export const THEMES = ['dark', 'light', 'system'] as const;
export const LOCALES = ['pt-BR', 'en'] as const;

/** An IANA time zone the runtime knows (e.g. America/Sao_Paulo). */
export const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Fuso horário desconhecido');

export const profileSchema = z.object({
  timeZone: timeZoneSchema,
  isTimeZoneSet: z.boolean(),
  locale: z.enum(LOCALES),
  theme: z.enum(THEMES),
  plan: z.enum(PLANS),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileSchema = z
  .object({
    timeZone: timeZoneSchema.optional(),
    locale: z.enum(LOCALES).optional(),
    theme: z.enum(THEMES).optional(),
  })
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;
