import type { CreateDreamInput, Dream, UpdateDreamInput } from '@sonhario/contracts/dreams';

const blank = (value: string | null | undefined) => (value ?? '').trim();
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * A retried save (same Idempotency-Key) answers with the dream the first attempt created. If the user changed
 * the draft between the attempts (the first one's answer was lost on a bad connection), the stored dream is
 * older than what they see: this is the PATCH that brings it up to date, or null when nothing differs.
 */
export function replayPatch(dream: Dream, sent: CreateDreamInput): UpdateDreamInput | null {
  const patch: UpdateDreamInput = {};
  const title = blank(sent.title);
  if (title ? title !== dream.title : !dream.isTitleDerived) patch.title = title || null;
  if (blank(sent.content) !== dream.content) patch.content = sent.content;
  if ((blank(sent.notes) || null) !== dream.notes) patch.notes = blank(sent.notes) || null;
  if (sent.dreamtOn && sent.dreamtOn !== dream.dreamtOn) patch.dreamtOn = sent.dreamtOn;
  if ((sent.mood ?? null) !== dream.mood) patch.mood = sent.mood ?? null;
  if ((sent.vividness ?? null) !== dream.vividness) patch.vividness = sent.vividness ?? null;
  if ((sent.sleepQuality ?? null) !== dream.sleepQuality) patch.sleepQuality = sent.sleepQuality ?? null;
  if ((sent.lucidity ?? 0) !== dream.lucidity) patch.lucidity = sent.lucidity ?? 0;
  if ((sent.isNightmare ?? false) !== dream.isNightmare) patch.isNightmare = sent.isNightmare ?? false;
  if ((sent.isRecurring ?? false) !== dream.isRecurring) patch.isRecurring = sent.isRecurring ?? false;
  if (!sameList(sent.emotions ?? [], dream.emotions)) patch.emotions = sent.emotions ?? [];
  const tags = (sent.tags ?? []).map((tag) => tag.trim());
  if (!sameList(tags, dream.tags)) patch.tags = tags;
  return Object.keys(patch).length > 0 ? { ...patch, version: dream.version } : null;
}
