import type { RewardOutcome } from '@sonhario/contracts/rewards';
import { Check, History } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useTimeZone } from '@/hooks/use-time-zone';
import { isApiError } from '@/lib/api-client';
import { lastNightIn } from '@/lib/dates';
import { canQueueDreams } from '@/lib/pending-dreams';
import { useCreateDream } from '../api/use-create-dream';
import { isOfflineFailure, queueDream } from '../api/use-pending-dreams';
import { emptyDreamValues, toCreateInput, type DreamFormValues, type ValidDreamValues } from '../dream-form-values';
import { useDreamDraft } from '../hooks/use-dream-draft';
import { showSaveError } from '../save-error';
import { DreamForm } from './dream-form';
import { PendingDreams } from './pending-dreams';

/** How long a queued save waits for the journal's code before staying on the form (a server that hangs). */
const JOURNAL_CODE_WAIT_MS = 2_000;

/** Whether the journal's screen can open: a service worker serves it, or its code is in (or comes within a moment). */
async function canOpenJournal(loadJournal: (() => Promise<unknown>) | undefined): Promise<boolean> {
  if ('serviceWorker' in navigator && navigator.serviceWorker.controller) return true;
  if (!loadJournal) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), JOURNAL_CODE_WAIT_MS)));
  const loaded = loadJournal().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([loaded, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Recording a dream: the form, kept as a draft on this device until the server confirms the save, and sent
 * with the draft's Idempotency-Key so no retry can record it twice (docs/decisions/007). `onRewards` hears what the
 * save earned (the app celebrates it; docs/decisions/026). `loadJournal` loads the journal screen's code: a dream
 * queued on the device leads there, to its pending card, when that code is in (docs/decisions/082).
 */
export function NewDream({
  userId,
  onRewards,
  loadJournal,
}: {
  userId: string;
  onRewards?: (rewards: RewardOutcome) => void;
  loadJournal?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const draft = useDreamDraft(userId);
  const createDream = useCreateDream();
  const isSending = useRef(false);

  const [defaults, setDefaults] = useState(() => emptyDreamValues(lastNightIn(timeZone)));
  const [form, setForm] = useState(() => ({ key: 0, values: { ...defaults, ...draft.restored?.values } }));
  const [isRestored, setIsRestored] = useState(Boolean(draft.restored));

  const { save } = draft;
  const onValuesChange = useCallback((values: DreamFormValues) => save(values, defaults), [save, defaults]);

  async function onSubmit(values: ValidDreamValues) {
    // A second click that slips in before the button is disabled sends nothing (and would be harmless anyway).
    if (isSending.current) return;
    isSending.current = true;
    draft.flush();
    const input = toCreateInput(values);
    try {
      const { dream, rewards } = await createDream.mutateAsync({ input, idempotencyKey: draft.idempotencyKey() });
      draft.clear();
      toast.success(t('dreams.toast.created'), { description: t('dreams.toast.createdText') });
      if (rewards) onRewards?.(rewards);
      await navigate(`/app/dreams/${dream.id}`, { replace: true });
    } catch (error) {
      if (isOfflineFailure(error) && (await saveOnDevice(input))) return;
      if (isApiError(error) && error.code === 'idempotency_key_reused') draft.renewKey();
      showSaveError(error);
    } finally {
      isSending.current = false;
    }
  }

  /**
   * No connection: the dream goes to this device's queue with the draft's key and is sent when the connection returns
   * (docs/decisions/036). The draft is cleared only once the queue holds it; false when it could not be queued.
   */
  async function saveOnDevice(input: ReturnType<typeof toCreateInput>): Promise<boolean> {
    if (!canQueueDreams()) return false;
    try {
      await queueDream(userId, draft.idempotencyKey(), input);
    } catch {
      return false;
    }
    draft.clear();
    createDream.reset();
    // Offline, or online with the server not answering (down, restarting): each said as it is.
    toast.success(t('dreams.pending.queuedToast'), {
      description: t(navigator.onLine ? 'dreams.pending.queuedUnreachableText' : 'dreams.pending.queuedText'),
    });
    // The journal shows it pending, but its screen's code may not be on this device: with neither a service worker
    // to serve it nor the code already loaded (it loads while the user writes), the form starts afresh here, with
    // the pending card above it, instead of leading to a screen that cannot load.
    if (await canOpenJournal(loadJournal)) await navigate('/app/dreams', { replace: true });
    else startAfresh();
    return true;
  }

  function discardDraft() {
    draft.clear();
    startAfresh();
  }

  function startAfresh() {
    const fresh = emptyDreamValues(lastNightIn(timeZone));
    setDefaults(fresh);
    setForm((previous) => ({ key: previous.key + 1, values: fresh }));
    setIsRestored(false);
  }

  const validationDetails =
    isApiError(createDream.error) && createDream.error.code === 'validation_failed'
      ? createDream.error.details
      : undefined;

  return (
    <div className="grid gap-6">
      <PendingDreams userId={userId} timeZone={timeZone} isCompact />
      {isRestored ? (
        <div
          role="note"
          className="flex flex-col gap-3 rounded-lg border border-primary/25 bg-primary/10 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2.5">
            <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {t('dreams.form.draftRestored')}
          </p>
          <Button variant="ghost" size="sm" className="h-10 self-start sm:h-8 sm:self-auto" onClick={discardDraft}>
            {t('dreams.form.discardDraft')}
          </Button>
        </div>
      ) : null}
      <DreamForm
        key={form.key}
        aria-label={t('dreams.new.title')}
        defaultValues={form.values}
        timeZone={timeZone}
        isSaving={createDream.isPending}
        onSubmit={(values) => void onSubmit(values)}
        onValuesChange={onValuesChange}
        serverErrors={validationDetails}
        submitLabel={t('dreams.form.save')}
        autoFocus
        status={
          draft.isSaved ? (
            <span className="inline-flex items-center gap-1.5">
              <Check aria-hidden="true" className="size-3.5 text-primary" />
              {t('dreams.form.draftSaved')}
            </span>
          ) : null
        }
      />
    </div>
  );
}
