import { CloudUpload, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { formatDate, formatListDate, lastNightIn } from '@/lib/dates';
import type { PendingDream } from '@/lib/pending-dreams';
import { cn } from '@/lib/utils';
import { useDiscardPendingDream, usePendingDreams } from '../api/use-pending-dreams';
import { createInputToFormValues } from '../dream-form-values';
import { restoreDraft } from '../hooks/use-dream-draft';
import { DreamBadges, EmotionChips } from './dream-chips';

const TITLE_WORDS = 8;

/** The title the server would derive from a blank one: the first words of the dream. */
function titleOf(pending: PendingDream): string {
  const title = pending.input.title?.trim();
  if (title) return title;
  const words = pending.input.content.trim().split(/\s+/);
  return words.length > TITLE_WORDS ? `${words.slice(0, TITLE_WORDS).join(' ')}…` : words.join(' ');
}

function PendingDreamCard({
  pending,
  timeZone,
  headingLevel,
  isCompact,
}: {
  pending: PendingDream;
  timeZone: string;
  headingLevel: 3 | 4;
  isCompact: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const discard = useDiscardPendingDream(pending.userId);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const dreamtOn = pending.input.dreamtOn ?? lastNightIn(timeZone);
  const { error } = pending;

  async function edit() {
    if (!restoreDraft(pending.userId, pending.idempotencyKey, createInputToFormValues(pending.input))) {
      toast.error(t('dreams.pending.draftInTheWay'), { description: t('dreams.pending.draftInTheWayText') });
      return;
    }
    await discard.mutateAsync(pending.idempotencyKey);
    await navigate('/app/dreams/new');
  }

  return (
    <article
      aria-label={titleOf(pending)}
      className={cn(
        'flex flex-col gap-2.5 rounded-xl border border-dashed border-primary/35 bg-card/40 px-4 py-4 backdrop-blur-sm sm:px-5',
        isCompact && 'gap-1.5 py-3.5',
        error && 'border-destructive/50',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
        <time
          dateTime={dreamtOn}
          title={formatDate(dreamtOn, 'long')}
          className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          {formatListDate(dreamtOn, timeZone)}
        </time>
        <span className="flex flex-wrap items-center gap-1.5">
          <DreamBadges
            dream={{
              lucidity: pending.input.lucidity ?? 0,
              isNightmare: pending.input.isNightmare ?? false,
              isRecurring: pending.input.isRecurring ?? false,
            }}
          />
          <span
            className="inline-flex h-6 items-center gap-1 rounded-full bg-primary/10 px-2 text-xs font-medium text-primary ring-1 ring-primary/30 ring-inset"
            title={t('dreams.pending.chipHint')}
          >
            <CloudUpload aria-hidden="true" className="size-3" />
            {t('dreams.pending.chip')}
          </span>
        </span>
      </div>
      <Heading className={cn('font-display text-lg leading-snug font-semibold', isCompact && 'text-base')}>
        {titleOf(pending)}
      </Heading>
      <p
        className={cn(
          'text-sm leading-relaxed text-pretty whitespace-pre-line text-muted-foreground',
          isCompact ? 'line-clamp-2' : 'line-clamp-3',
        )}
      >
        {pending.input.content}
      </p>
      <EmotionChips emotions={pending.input.emotions ?? []} max={isCompact ? 3 : 5} className="mt-0.5" />
      {error ? (
        <div
          role="alert"
          className="mt-1 flex flex-col gap-3 rounded-lg bg-destructive/10 px-3 py-2.5 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-200" />
            {error.code === 'validation_failed'
              ? t('dreams.pending.refusedInvalid')
              : error.code === 'idempotency_key_reused'
                ? t('dreams.pending.refusedDeleted')
                : t('dreams.pending.refused')}
          </p>
          <span className="flex shrink-0 gap-2">
            <Button size="sm" variant="secondary" className="h-10 sm:h-8" onClick={() => void edit()}>
              {t('dreams.pending.edit')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="h-10 sm:h-8"
              disabled={discard.isPending}
              onClick={() => discard.mutate(pending.idempotencyKey)}
            >
              {t('dreams.pending.discard')}
            </Button>
          </span>
        </div>
      ) : null}
    </article>
  );
}

/**
 * The dreams saved on this device while offline, waiting to be sent (docs/decisions/036): shown above the journal
 * and on the dashboard with a calm 'Pendente' chip until the server has them. Nothing when the queue is empty.
 */
export function PendingDreams({
  userId,
  timeZone,
  headingLevel = 2,
  isCompact = false,
}: {
  userId: string;
  timeZone: string;
  headingLevel?: 2 | 3;
  isCompact?: boolean;
}) {
  const { t } = useTranslation();
  const { data: pending = [] } = usePendingDreams(userId);
  if (pending.length === 0) return null;
  const SectionHeading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="pending-dreams-heading" className="grid gap-3">
      <div className="grid gap-0.5">
        <SectionHeading id="pending-dreams-heading" className="flex items-center gap-2 text-sm font-semibold">
          <CloudUpload aria-hidden="true" className="size-4 text-primary" />
          {t('dreams.pending.title', { count: pending.length })}
        </SectionHeading>
        <p className="text-sm text-muted-foreground">{t('dreams.pending.subtitle')}</p>
      </div>
      <ul className="grid gap-3">
        {pending.map((dream) => (
          <li key={dream.idempotencyKey}>
            <PendingDreamCard
              pending={dream}
              timeZone={timeZone}
              headingLevel={headingLevel === 2 ? 3 : 4}
              isCompact={isCompact}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
