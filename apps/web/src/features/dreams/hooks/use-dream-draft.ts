import { useCallback, useEffect, useRef, useState } from 'react';
import type { DreamFormValues } from '../dream-form-values';

/**
 * The new-dream draft (docs/decisions/007). It lives in localStorage, one per user, from the first keystroke
 * until the server confirms the save: a reload, a closed tab or a lost connection keeps the text. It also
 * carries the draft's Idempotency-Key, so every attempt to save this draft — a double click, a retry after a
 * network error, a retry after a reload — is the same request to the server and records one dream.
 */
export interface DreamDraft {
  idempotencyKey: string;
  /** Only the fields the user touched; `dreamtOn` only when they chose a date (else "last night" is recomputed). */
  values: Partial<DreamFormValues>;
  savedAt: string;
}

const STORAGE_VERSION = 1;
const SAVE_DELAY_MS = 400;

export const draftStorageKey = (userId: string) => `sonhario:dream-draft:${userId}`;

/** 128 random bits, hex. crypto.randomUUID needs a secure context; getRandomValues works everywhere. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `draft-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

function readDraft(userId: string): DreamDraft | null {
  try {
    const raw = localStorage.getItem(draftStorageKey(userId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as { v?: number } & Partial<DreamDraft>;
    if (stored.v !== STORAGE_VERSION || typeof stored.idempotencyKey !== 'string' || typeof stored.values !== 'object')
      return null;
    return { idempotencyKey: stored.idempotencyKey, values: stored.values ?? {}, savedAt: stored.savedAt ?? '' };
  } catch {
    return null;
  }
}

function writeDraft(userId: string, draft: DreamDraft): boolean {
  try {
    localStorage.setItem(draftStorageKey(userId), JSON.stringify({ v: STORAGE_VERSION, ...draft }));
    return true;
  } catch {
    // Storage full or blocked (private mode): the form still works, the text just is not kept across reloads.
    return false;
  }
}

function removeDraft(userId: string) {
  try {
    localStorage.removeItem(draftStorageKey(userId));
  } catch {
    // nothing to clean
  }
}

/** Whether the values hold anything the user wrote or chose (an untouched form is not a draft). */
function hasContent(values: Partial<DreamFormValues>): boolean {
  return Object.entries(values).some(([, value]) =>
    Array.isArray(value)
      ? value.length > 0
      : typeof value === 'string'
        ? value.trim() !== ''
        : value !== null && value !== false && value !== 0,
  );
}

/** The parts of the form worth keeping: everything that differs from an untouched form. */
function draftValues(values: DreamFormValues, defaults: DreamFormValues): Partial<DreamFormValues> {
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(defaults) as (keyof DreamFormValues)[]) {
    if (JSON.stringify(values[key]) !== JSON.stringify(defaults[key])) kept[key] = values[key];
  }
  return kept;
}

export function useDreamDraft(userId: string) {
  // Read once, on the first render: the form's default values come from it.
  const [restored] = useState(() => readDraft(userId));
  const key = useRef(restored?.idempotencyKey ?? newIdempotencyKey());
  const [isSaved, setIsSaved] = useState(false);
  const pending = useRef<{ values: DreamFormValues; defaults: DreamFormValues } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (!next) return;
    const values = draftValues(next.values, next.defaults);
    if (!hasContent(values)) {
      removeDraft(userId);
      setIsSaved(false);
      return;
    }
    setIsSaved(writeDraft(userId, { idempotencyKey: key.current, values, savedAt: new Date().toISOString() }));
  }, [userId]);

  /** Called on every change; writes after a short pause in typing. */
  const save = useCallback(
    (values: DreamFormValues, defaults: DreamFormValues) => {
      pending.current = { values, defaults };
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  /** The server has the dream (or the user discarded the draft): forget it; the next draft gets a new key. */
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
    removeDraft(userId);
    key.current = newIdempotencyKey();
    setIsSaved(false);
  }, [userId]);

  /** The key can no longer create a dream (its dream was deleted since): keep the text, take a new key. */
  const renewKey = useCallback(() => {
    key.current = newIdempotencyKey();
  }, []);

  // Leaving the page or hiding the tab (a phone locking its screen) must not lose the last keystrokes.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  return {
    restored: restored && hasContent(restored.values) ? restored : null,
    isSaved,
    idempotencyKey: () => key.current,
    save,
    /** Writes what is pending now (before a save request, so a reload mid-request retries with the same key). */
    flush,
    clear,
    renewKey,
  };
}

/**
 * Puts a dream back into the new-dream form's draft (a queued dream the server refused, to be edited): the same
 * idempotency key, the values it was queued with. Refuses (false) when the form already holds a draft of its own,
 * which must not be overwritten.
 */
export function restoreDraft(userId: string, idempotencyKey: string, values: Partial<DreamFormValues>): boolean {
  const current = readDraft(userId);
  if (current && hasContent(current.values)) return false;
  return writeDraft(userId, { idempotencyKey, values, savedAt: new Date().toISOString() });
}
