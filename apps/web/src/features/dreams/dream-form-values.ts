import {
  createDreamSchema,
  type CreateDreamInput,
  type Dream,
  type Emotion,
  type UpdateDreamInput,
} from '@sonhario/contracts/dreams';
import { z } from 'zod';
import { todayIn } from '@/lib/dates';

/** What the form holds: every field present (blank strings and nulls for "not given"). */
export interface DreamFormValues {
  content: string;
  title: string;
  dreamtOn: string;
  mood: number | null;
  emotions: Emotion[];
  tags: string[];
  lucidity: number;
  vividness: number | null;
  sleepQuality: number | null;
  isNightmare: boolean;
  isRecurring: boolean;
  notes: string;
}

export type DreamFormField = keyof DreamFormValues;

export function emptyDreamValues(dreamtOn: string): DreamFormValues {
  return {
    content: '',
    title: '',
    dreamtOn,
    mood: null,
    emotions: [],
    tags: [],
    lucidity: 0,
    vividness: null,
    sleepQuality: null,
    isNightmare: false,
    isRecurring: false,
    notes: '',
  };
}

export function dreamToFormValues(dream: Dream): DreamFormValues {
  return {
    content: dream.content,
    // A derived title is the server's, not the user's: editing starts from a blank title again.
    title: dream.isTitleDerived ? '' : dream.title,
    dreamtOn: dream.dreamtOn,
    mood: dream.mood,
    emotions: [...dream.emotions],
    tags: [...dream.tags],
    lucidity: dream.lucidity,
    vividness: dream.vividness,
    sleepQuality: dream.sleepQuality,
    isNightmare: dream.isNightmare,
    isRecurring: dream.isRecurring,
    notes: dream.notes ?? '',
  };
}

/**
 * The form validates with the contract's createDreamSchema (its pt-BR messages), plus the one rule the
 * server checks against the user's calendar: the night cannot be in the future.
 */
export function dreamFormSchema(timeZone: string) {
  return z.preprocess(
    // A cleared date means "the default" (last night), not an invalid date.
    (values: DreamFormValues) => ({ ...values, dreamtOn: values.dreamtOn || undefined }),
    createDreamSchema.superRefine((values, ctx) => {
      if (values.dreamtOn && values.dreamtOn > todayIn(timeZone)) {
        ctx.addIssue({ code: 'custom', path: ['dreamtOn'], message: 'A data do sonho não pode estar no futuro' });
      }
    }),
  );
}

export type ValidDreamValues = z.output<typeof createDreamSchema>;

/** The POST body: blank title and notes become null (the server derives a title from the first words). */
export function toCreateInput(values: ValidDreamValues): CreateDreamInput {
  return { ...values, title: values.title?.trim() || null, notes: values.notes?.trim() || null };
}

/** The PATCH body: only the fields the user changed, with the version the edit started from. */
export function toUpdateInput(
  values: ValidDreamValues,
  changed: readonly DreamFormField[],
  version: number,
): UpdateDreamInput {
  const input = toCreateInput(values);
  const patch: Record<string, unknown> = { version };
  for (const field of changed) {
    const value = input[field];
    // A cleared date keeps the stored one (the API has no "unset" for it).
    if (field === 'dreamtOn' && !value) continue;
    patch[field] = value ?? null;
  }
  return patch;
}

/** A create request's body back as form values (a queued dream reopened in the form); absent fields stay out. */
export function createInputToFormValues(input: CreateDreamInput): Partial<DreamFormValues> {
  const values: Partial<DreamFormValues> = {
    content: input.content,
    title: input.title ?? '',
    notes: input.notes ?? '',
  };
  if (input.dreamtOn) values.dreamtOn = input.dreamtOn;
  if (input.mood !== undefined) values.mood = input.mood ?? null;
  if (input.emotions) values.emotions = [...input.emotions];
  if (input.tags) values.tags = [...input.tags];
  if (input.lucidity !== undefined) values.lucidity = input.lucidity;
  if (input.vividness !== undefined) values.vividness = input.vividness ?? null;
  if (input.sleepQuality !== undefined) values.sleepQuality = input.sleepQuality ?? null;
  if (input.isNightmare !== undefined) values.isNightmare = input.isNightmare;
  if (input.isRecurring !== undefined) values.isRecurring = input.isRecurring;
  return values;
}
