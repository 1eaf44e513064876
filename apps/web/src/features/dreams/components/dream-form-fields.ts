// The dream form's field lists and what is read from its values and errors: the server's field errors by field, a
// field's first message, whether the details behind 'Mais detalhes' hold anything.
import type { FieldErrors } from 'react-hook-form';
import type { ApiErrorDetail } from '@/lib/api-client';
import type { DreamFormField, DreamFormValues } from '../dream-form-values';

export const DETAIL_FIELDS = [
  'mood',
  'emotions',
  'tags',
  'lucidity',
  'vividness',
  'sleepQuality',
  'isNightmare',
  'isRecurring',
  'notes',
] as const;
export const FORM_FIELDS: readonly DreamFormField[] = ['content', 'title', 'dreamtOn', ...DETAIL_FIELDS];

/** The server's `details[].path` ("body.dreamtOn", "tags.2") → the form field it is about. */
function fieldOfPath(path: string): DreamFormField | undefined {
  return path.split(/[.[\]]/).find((part): part is DreamFormField => (FORM_FIELDS as readonly string[]).includes(part));
}

export function serverErrorsOf(
  details: readonly ApiErrorDetail[] | undefined,
): FieldErrors<DreamFormValues> | undefined {
  if (!details?.length) return undefined;
  const errors: Record<string, { type: string; message: string }> = {};
  for (const { path, message } of details) {
    const field = fieldOfPath(path);
    if (field && !errors[field]) errors[field] = { type: 'server', message };
  }
  return Object.keys(errors).length ? errors : undefined;
}

/** The first message of a field's error (arrays like tags report per item). */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    const nested = messageOf(value);
    if (nested) return nested;
  }
  return undefined;
}

export function hasDetails(values: DreamFormValues): boolean {
  return (
    values.mood !== null ||
    values.emotions.length > 0 ||
    values.tags.length > 0 ||
    values.lucidity > 0 ||
    values.vividness !== null ||
    values.sleepQuality !== null ||
    values.isNightmare ||
    values.isRecurring ||
    values.notes.trim() !== ''
  );
}
