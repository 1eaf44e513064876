import { z } from 'zod';

/** Every 4xx/5xx answer of /api/v1 has this shape. `code` is stable and machine-readable; `message` is for humans. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
