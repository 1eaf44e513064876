import { z } from 'zod';
import { EMOTIONS } from './dreams.ts';

/**
 * Dream signs (issue 16, docs/decisions/031): what recurs in a user's dreams — symbols, people and places the
 * analyses name, tags, emotions, the dreams marked recurring — ranked, with the dreams they appear in; the user can
 * pin one as a personal dream sign. Lucid and Oracle (Dreamer: 403 plan_required, like the charts).
 */
export const SIGN_KINDS = ['symbol', 'person', 'place', 'tag', 'emotion', 'recurring'] as const;
export type SignKind = (typeof SIGN_KINDS)[number];

/**
 * How the signs are grouped (docs/decisions/061): images first (what is met in the dream: symbols, people, places),
 * then feelings (the emotions marked, the recurring flag), then the user's own tags.
 */
export const SIGN_GROUPS = ['images', 'feelings', 'tags'] as const;
export type SignGroup = (typeof SIGN_GROUPS)[number];
export const signGroupOf = (kind: SignKind): SignGroup =>
  kind === 'tag' ? 'tags' : kind === 'emotion' || kind === 'recurring' ? 'feelings' : 'images';

export const SIGN_RULES = {
  /** A sign is shown when it is in at least this many dreams… */
  minDreams: 3,
  /** …and in at least this share of the dreams it is counted over (the journal, or the analysed dreams read). */
  minShare: 0.05,
  /** Symbols, people and places are read from the latest analysis of the dreams of the newest analyses, this many. */
  analysisWindow: 300,
  /** Emotions, recurring dreams (and what goes together) are counted over the newest live dreams, this many. */
  recentWindow: 1000,
  /** The newest dreams named per sign. */
  dreamsPerSign: 5,
  /** Tags read beyond the pinned ones (the most used). */
  maxSigns: 20,
  /** Signs answered per group beyond the pinned ones (the most frequent): images lead, so they get the most room. */
  maxPerGroup: { images: 12, feelings: 6, tags: 6 } satisfies Record<SignGroup, number>,
  /** Pins a user can hold. */
  maxPins: 20,
} as const;

export const COOCCURRENCE_RULES = {
  /** Below this many dreams (the newest read, or analysed for symbols) nothing is said about what goes together. */
  minDreams: 20,
  /** A pair is shown when its two items are in at least this many dreams together… */
  minTogether: 3,
  /** …and together at least this many times as often as if they were independent (lift). */
  minLift: 1.5,
  maxPairs: 12,
} as const;

/** A sign's key: the folded name (lower case, no accents) of a symbol, person, place or tag; an emotion's id. */
const signKeySchema = z
  .string({ error: 'Informe o sinal' })
  .trim()
  .min(1, 'Informe o sinal')
  .max(200, 'Sinal longo demais (máx. 200 caracteres)');

export const signDreamSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  dreamtOn: z.iso.date(),
});
export type SignDream = z.infer<typeof signDreamSchema>;

export const dreamSignSchema = z.object({
  kind: z.enum(SIGN_KINDS),
  /** signGroupOf(kind): the answer lists the images, then the feelings, then the tags. */
  group: z.enum(SIGN_GROUPS),
  key: z.string(),
  /** As the user or the analysis wrote it (an emotion's id, 'recurring' for the recurring-dream flag). */
  label: z.string(),
  /**
   * Dreams it is in: tags over the whole journal; emotions and recurring dreams among the newest dreams read;
   * symbols, people and places among the analysed dreams read.
   */
  count: z.number().int().min(0),
  /** count over the dreams it is counted in, 0–1. */
  share: z.number().min(0).max(1),
  /** The pin's id when the user pinned it (pinned signs come first), else null. */
  pinId: z.uuid().nullable(),
  /** Up to SIGN_RULES.dreamsPerSign of the newest dreams it is in. */
  dreams: z.array(signDreamSchema),
});
export type DreamSign = z.infer<typeof dreamSignSchema>;

export const COOCCURRENCE_KINDS = ['symbol', 'tag', 'emotion', 'nightmare'] as const;
export type CooccurrenceKind = (typeof COOCCURRENCE_KINDS)[number];

const cooccurrenceItemSchema = z.object({
  kind: z.enum(COOCCURRENCE_KINDS),
  key: z.string(),
  label: z.string(),
  /** Dreams it is in. */
  count: z.number().int(),
});

export const cooccurrencePairSchema = z.object({
  a: cooccurrenceItemSchema,
  b: cooccurrenceItemSchema,
  /** Dreams holding both. */
  together: z.number().int(),
  /** Dreams counted over (the newest read, or the analysed dreams read when a symbol is in the pair). */
  dreamCount: z.number().int(),
  /** P(a and b) / (P(a) · P(b)): above 1, together more often than chance. */
  lift: z.number(),
});
export type CooccurrencePair = z.infer<typeof cooccurrencePairSchema>;

/** GET /patterns/signs. */
export const dreamSignsResponseSchema = z.object({
  /** Live dreams in the journal. */
  dreamCount: z.number().int(),
  /** Analysed dreams read for symbols, people and places (at most SIGN_RULES.analysisWindow). */
  analysedCount: z.number().int(),
  /** The newest dreams read for emotions, recurring dreams and what goes together (at most SIGN_RULES.recentWindow). */
  recentCount: z.number().int(),
  /**
   * By group (images, feelings, tags: SIGN_GROUPS), and in each group pinned first (newest pin first), then by count;
   * at most SIGN_RULES.maxPerGroup unpinned per group.
   */
  signs: z.array(dreamSignSchema),
  cooccurrence: z.object({
    /** Fewer than COOCCURRENCE_RULES.minDreams dreams: no pairs are said. */
    isTooLittleData: z.boolean(),
    /** Strongest first. */
    pairs: z.array(cooccurrencePairSchema),
  }),
});
export type DreamSignsResponse = z.infer<typeof dreamSignsResponseSchema>;

/** POST /patterns/signs/pins. An emotion's key is its id; `label` defaults to the key. */
export const pinDreamSignSchema = z
  .object({
    kind: z.enum(SIGN_KINDS, { error: 'Tipo de sinal desconhecido' }),
    key: signKeySchema,
    label: z.string().trim().min(1).max(200, 'Nome longo demais (máx. 200 caracteres)').optional(),
  })
  .strict()
  .refine((pin) => pin.kind !== 'emotion' || (EMOTIONS as readonly string[]).includes(pin.key), {
    message: 'Emoção desconhecida',
    path: ['key'],
  })
  .refine((pin) => pin.kind !== 'recurring' || pin.key === 'recurring', {
    message: "O sinal de sonho recorrente tem a chave 'recurring'",
    path: ['key'],
  });
export type PinDreamSignInput = z.input<typeof pinDreamSignSchema>;

export const dreamSignPinSchema = z.object({
  id: z.uuid(),
  kind: z.enum(SIGN_KINDS),
  key: z.string(),
  label: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DreamSignPin = z.infer<typeof dreamSignPinSchema>;

export const pinIdParamsSchema = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

export const DREAM_SIGN_ERROR_CODES = {
  alreadyPinned: 'sign_already_pinned',
  tooManyPins: 'too_many_pins',
} as const;
