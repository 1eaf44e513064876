import { z } from 'zod';

/** The fixed set of emotions (issue 4), in the order the form shows them. */
export const EMOTIONS = [
  'alegria',
  'medo',
  'tristeza',
  'raiva',
  'ansiedade',
  'surpresa',
  'vergonha',
  'culpa',
  'amor',
  'paz',
  'confusão',
  'nojo',
] as const;
export type Emotion = (typeof EMOTIONS)[number];

export const LUCIDITY_LEVELS = ['nenhuma', 'leve', 'moderada', 'controle total'] as const;

export const DREAM_LIMITS = {
  contentMax: 20_000,
  titleMax: 200,
  notesMax: 5_000,
  tagsMax: 20,
  tagLengthMax: 40,
  searchMax: 200,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  excerptLength: 180,
  recentCount: 5,
} as const;

const scale = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label}: informe um número` })
    .int(`${label}: informe um número inteiro`)
    .min(min, `${label}: o mínimo é ${min}`)
    .max(max, `${label}: o máximo é ${max}`);

export const isoDateSchema = z.iso.date({ error: 'Data inválida (use AAAA-MM-DD)' });

export const tagSchema = z
  .string()
  .trim()
  .min(1, 'Etiqueta vazia')
  .max(DREAM_LIMITS.tagLengthMax, `Cada etiqueta pode ter no máximo ${DREAM_LIMITS.tagLengthMax} caracteres`);

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).nullish();

const emotionsSchema = z
  .array(z.enum(EMOTIONS, { error: 'Emoção desconhecida' }))
  .max(EMOTIONS.length)
  .refine((list) => new Set(list).size === list.length, 'Emoção repetida');

const tagsSchema = z.array(tagSchema).max(DREAM_LIMITS.tagsMax, `No máximo ${DREAM_LIMITS.tagsMax} etiquetas`);

// The fields without defaults: PATCH builds on these, so a field left out of an edit stays as it was
// (with defaults, `{ title }` alone would reset emotions, tags and lucidity).
const editableDreamFields = z.object({
  title: optionalText(DREAM_LIMITS.titleMax, `O título pode ter no máximo ${DREAM_LIMITS.titleMax} caracteres`),
  content: z
    .string({ error: 'Escreva o seu sonho' })
    .trim()
    .min(1, 'Escreva o seu sonho')
    .max(DREAM_LIMITS.contentMax, 'O sonho pode ter no máximo 20.000 caracteres'),
  notes: optionalText(DREAM_LIMITS.notesMax, `As notas podem ter no máximo ${DREAM_LIMITS.notesMax} caracteres`),
  /**
   * Calendar date of the night; never in the future in the user's time zone nor before 1900 (checked by the
   * server). Omitted on create: last night, in the user's time zone.
   */
  dreamtOn: isoDateSchema.optional(),
  mood: scale(1, 5, 'Humor ao acordar').nullish(),
  emotions: emotionsSchema,
  tags: tagsSchema,
  lucidity: scale(0, 3, 'Lucidez'),
  vividness: scale(1, 5, 'Vividez').nullish(),
  sleepQuality: scale(1, 5, 'Qualidade do sono').nullish(),
  isNightmare: z.boolean({ error: 'Informe sim ou não' }),
  isRecurring: z.boolean({ error: 'Informe sim ou não' }),
});

/** Fields a user writes about a dream. The web form and the server validate with this same schema. */
export const createDreamSchema = editableDreamFields.extend({
  emotions: emotionsSchema.default([]),
  tags: tagsSchema.default([]),
  lucidity: scale(0, 3, 'Lucidez').default(0),
  isNightmare: z.boolean({ error: 'Informe sim ou não' }).default(false),
  isRecurring: z.boolean({ error: 'Informe sim ou não' }).default(false),
});
export type CreateDreamInput = z.input<typeof createDreamSchema>;

/** A retried POST with the same key returns the dream the first one created (one key per draft). */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z.string().min(8).max(100).optional(),
});

/** PATCH: any subset of fields; `version` (optional) turns a stale edit into 409 version_conflict instead of a lost update. */
export const updateDreamSchema = editableDreamFields.partial().extend({
  version: z.number().int().positive().optional(),
});
export type UpdateDreamInput = z.input<typeof updateDreamSchema>;

export const dreamIdParamsSchema = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

export const dreamSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** True when the user left the title blank and it was derived from the first words. */
  isTitleDerived: z.boolean(),
  content: z.string(),
  notes: z.string().nullable(),
  dreamtOn: isoDateSchema,
  recordedAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  mood: z.number().int().nullable(),
  emotions: z.array(z.enum(EMOTIONS)),
  tags: z.array(z.string()),
  lucidity: z.number().int(),
  vividness: z.number().int().nullable(),
  sleepQuality: z.number().int().nullable(),
  isNightmare: z.boolean(),
  isRecurring: z.boolean(),
  version: z.number().int(),
});
export type Dream = z.infer<typeof dreamSchema>;

export const dreamListItemSchema = dreamSchema
  .pick({
    id: true,
    title: true,
    dreamtOn: true,
    recordedAt: true,
    mood: true,
    emotions: true,
    tags: true,
    lucidity: true,
    isNightmare: true,
    isRecurring: true,
  })
  .extend({ excerpt: z.string() });
export type DreamListItem = z.infer<typeof dreamListItemSchema>;

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /dreams: filters combine with AND; `q` matches every word (accent/case-insensitive, stemmed pt/en). */
export const listDreamsQuerySchema = z.object({
  q: z.string().trim().max(DREAM_LIMITS.searchMax).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  emotion: z.enum(EMOTIONS).optional(),
  tag: tagSchema.optional(),
  lucid: booleanQuery.optional(),
  nightmare: booleanQuery.optional(),
  recurring: booleanQuery.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(DREAM_LIMITS.pageSizeMax).default(DREAM_LIMITS.pageSizeDefault),
});
export type ListDreamsQuery = z.input<typeof listDreamsQuerySchema>;

export const listDreamsResponseSchema = z.object({
  items: z.array(dreamListItemSchema),
  nextCursor: z.string().nullable(),
});
export type ListDreamsResponse = z.infer<typeof listDreamsResponseSchema>;

export const deleteDreamResponseSchema = z.object({
  id: z.uuid(),
  deletedAt: z.iso.datetime({ offset: true }),
  /** After this moment the dream is purged for good and can no longer be restored. */
  purgeAfter: z.iso.datetime({ offset: true }),
});
export type DeleteDreamResponse = z.infer<typeof deleteDreamResponseSchema>;

export const tagsResponseSchema = z.object({
  tags: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type TagsResponse = z.infer<typeof tagsResponseSchema>;
