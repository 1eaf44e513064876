import type { DreamListItem } from '@sonhario/contracts/dreams';
import { ArrowRight, Flame, MoonStar, PenLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageActionRef } from '@/hooks/use-page-action';
import { formatDate, formatListDate, todayIn } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useOverview } from '../api/use-overview';

type TodayState = 'recorded' | 'noRecall' | 'pending';

const STATE_DOT: Record<TodayState, string> = {
  recorded: 'bg-emerald-500 dark:bg-emerald-300',
  noRecall: 'bg-primary/60',
  pending: 'bg-amber-500 dark:bg-amber-300',
};

/** The dream recorded last (today's, when there is one): the newest `recordedAt` among the latest dreams. */
const lastRecorded = (recent: readonly DreamListItem[]) =>
  recent.reduce<DreamListItem | undefined>(
    (last, dream) => (!last || dream.recordedAt > last.recordedAt ? dream : last),
    undefined,
  );

function Part({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/25 ring-inset"
      >
        {icon}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
        {children}
      </div>
    </div>
  );
}

/**
 * 'Hoje', the dashboard's first card (issue 19): the streak and whether today already counts, the last dream, and
 * the next thing to do (record tonight's dream, or open the one recorded today). From GET /me/overview, the stat
 * cards' query; `isTodayNoRecall` (a night marked without a recalled dream, which keeps the streak) comes from the
 * rewards the dashboard already reads.
 */
export function TodayCard({ timeZone, isTodayNoRecall = false }: { timeZone: string; isTodayNoRecall?: boolean }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useOverview();
  // Its button, whichever it is (and that button's place while loading), is the page's main action: while it is on
  // screen the phone's floating 'Novo sonho' steps aside (docs/decisions/080).
  const pageActionRef = usePageActionRef();
  const today = todayIn(timeZone);
  const state: TodayState = data?.isTodayRecorded ? 'recorded' : isTodayNoRecall ? 'noRecall' : 'pending';
  const streak = data?.currentStreak ?? 0;
  const lastDream = data ? lastRecorded(data.recent) : undefined;
  const todayDream = state === 'recorded' ? lastDream : undefined;
  // A failed load is told once at the top of the dashboard (OverviewLoadFailed), like the stat cards do.
  if (isError && !data) return null;

  let body: ReactNode;
  if (isPending) {
    // The loaded card's shape, line for line (a two-line dream title, the next step's two lines and its button), so
    // nothing below it moves when the overview arrives.
    body = (
      <div aria-hidden="true" className="grid gap-5 sm:grid-cols-[1fr_1fr_minmax(0,1.15fr)] sm:gap-6">
        {[
          ['w-28', 'w-40'],
          ['w-full', 'w-2/3', 'w-24'],
        ].map((lines, index) => (
          <div key={index} className="flex items-start gap-3">
            <Skeleton className="mt-0.5 size-9 shrink-0 rounded-full" />
            <div className="grid flex-1 gap-0.5">
              <Skeleton className="my-0.5 h-3 w-20" />
              {lines.map((width, line) => (
                <Skeleton key={width} className={cn('my-1', line === lines.length - 1 ? 'h-3' : 'h-4', width)} />
              ))}
            </div>
          </div>
        ))}
        <div className="grid content-start gap-2.5">
          <div className="grid gap-0.5">
            <Skeleton className="my-1 h-3.5 w-full" />
            <Skeleton className="my-1 h-3.5 w-1/2" />
          </div>
          <Skeleton ref={pageActionRef} className="h-11 w-full rounded-md sm:w-56" />
        </div>
      </div>
    );
  } else {
    const streakStatus =
      state === 'pending' && streak === 0 ? t('dashboard.today.streakStart') : t(`dashboard.today.state.${state}`);
    const nextText = todayDream
      ? t('dashboard.today.next.recorded')
      : state === 'noRecall'
        ? t('dashboard.today.next.noRecall')
        : streak > 0
          ? t('dashboard.today.next.keepStreak')
          : t('dashboard.today.next.record');
    body = (
      <div className="grid gap-5 sm:grid-cols-[1fr_1fr_minmax(0,1.15fr)] sm:gap-6">
        <Part icon={<Flame className="size-4" />} label={t('dashboard.today.streakLabel')}>
          <p className="font-display text-lg leading-snug font-semibold">
            {t('dashboard.today.streak', { count: streak })}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-foreground/90" data-testid="today-streak-state">
            <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', STATE_DOT[state])} />
            {streakStatus}
          </p>
        </Part>
        <Part icon={<MoonStar className="size-4" />} label={t('dashboard.today.lastDreamLabel')}>
          {lastDream ? (
            <>
              <p className="line-clamp-2 font-display text-lg leading-snug font-semibold break-words">
                <Link
                  to={`/app/dreams/${lastDream.id}`}
                  className="rounded-sm outline-none hover:underline hover:decoration-primary/60 hover:underline-offset-4 focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  {lastDream.title}
                </Link>
              </p>
              <time
                dateTime={lastDream.dreamtOn}
                title={formatDate(lastDream.dreamtOn, 'long')}
                className="text-sm text-muted-foreground"
              >
                {formatListDate(lastDream.dreamtOn, timeZone)}
              </time>
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{t('dashboard.today.noDreams')}</p>
          )}
        </Part>
        <div className="grid content-start gap-2.5">
          <p className="text-sm leading-relaxed text-pretty text-foreground/90">{nextText}</p>
          <Button asChild size="lg" className="w-full sm:w-fit">
            {todayDream ? (
              <Link ref={pageActionRef} to={`/app/dreams/${todayDream.id}`}>
                {t('dashboard.today.openToday')}
                <ArrowRight aria-hidden="true" />
              </Link>
            ) : (
              <Link ref={pageActionRef} to="/app/dreams/new">
                <PenLine aria-hidden="true" />
                {t('dashboard.today.recordToday')}
              </Link>
            )}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="today-title"
      aria-busy={isPending || undefined}
      className="grid gap-4 rounded-xl border border-primary/30 bg-gradient-to-br from-primary/15 via-card/80 to-card/70 p-5 shadow-[0_0_60px_-30px_var(--glow)] backdrop-blur-sm sm:gap-5 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <h2 id="today-title" className="font-display text-xl font-semibold">
          {t('dashboard.today.title')}
        </h2>
        <p className="text-sm text-muted-foreground first-letter:uppercase">{formatDate(today, 'long')}</p>
      </div>
      {body}
    </section>
  );
}
