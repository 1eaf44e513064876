import type { AnalysisListItem } from '@sonhario/contracts/analyses';
import { Cpu, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { dateIn, formatDate, formatDateTime, formatListDate } from '@/lib/dates';
import type { useAnalyses } from '../api/use-analyses';
import { DreamTypeBadge } from './dream-type-badge';

/** Who wrote the analysis: the builtin lexicon is named for what it is; a generative provider shows its model. */
function ProviderLabel({ item }: { item: AnalysisListItem }) {
  const { t } = useTranslation();
  const Icon = item.provider === 'builtin' ? Sparkles : Cpu;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {item.provider === 'builtin'
        ? t('analytics.providers.builtin')
        : t(`analytics.providers.${item.provider}`, { model: item.model })}
    </p>
  );
}

/** One analysis: when, the dream it read (the link: the whole card is its hit area), its summary and type. */
function AnalysisCard({ item, timeZone }: { item: AnalysisListItem; timeZone: string }) {
  const { t } = useTranslation();
  const analyzedOn = formatListDate(dateIn(timeZone, new Date(item.createdAt)), timeZone);
  return (
    <article className="group relative flex flex-col gap-2.5 rounded-xl border border-border bg-card/60 px-4 py-4 backdrop-blur-sm transition-colors focus-within:border-primary/50 hover:border-primary/40 hover:bg-card/80 sm:px-5">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
        <time
          dateTime={item.createdAt}
          title={formatDateTime(item.createdAt, timeZone)}
          className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          {t('analytics.list.analyzedOn', { date: analyzedOn })}
        </time>
        <DreamTypeBadge dreamType={item.dreamType} />
      </div>
      <div className="grid gap-0.5">
        <h3 className="font-display text-lg leading-snug font-semibold">
          <Link
            to={`/app/dreams/${item.dreamId}`}
            className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:underline focus-visible:decoration-primary focus-visible:underline-offset-4"
          >
            {item.dreamTitle}
          </Link>
        </h3>
        <p className="text-xs text-muted-foreground">
          <time dateTime={item.dreamtOn}>{t('analytics.list.night', { date: formatDate(item.dreamtOn) })}</time>
        </p>
      </div>
      <p className="line-clamp-3 text-sm leading-relaxed text-pretty text-foreground/90">{item.summary}</p>
      <ProviderLabel item={item} />
    </article>
  );
}

export function AnalysisListSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-3">
      {[0, 1, 2].map((index) => (
        <li key={index} className="grid gap-3 rounded-xl border border-border bg-card/40 px-5 py-5">
          <Skeleton className="h-3 w-28" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-5/6" />
        </li>
      ))}
    </ul>
  );
}

/** 'Suas análises': newest first, a page at a time. The query lives in the page (it decides the empty state). */
export function AnalysisList({ analyses, timeZone }: { analyses: ReturnType<typeof useAnalyses>; timeZone: string }) {
  const { t } = useTranslation();
  const items = analyses.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="analyses-title" className="grid gap-4">
      <h2 id="analyses-title" className="font-display text-xl font-semibold">
        {t('analytics.list.title')}
      </h2>
      <ul aria-label={t('analytics.list.listLabel')} className="grid gap-3 md:grid-cols-2">
        {items.map((item) => (
          <li key={item.id} className="flex [&>article]:w-full">
            <AnalysisCard item={item} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      {analyses.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-muted-foreground">
          {t('analytics.list.loadMoreError')}
        </p>
      ) : null}
      {analyses.hasNextPage ? (
        <Button
          variant="outline"
          size="lg"
          className="mx-auto w-full sm:w-auto"
          disabled={analyses.isFetchingNextPage}
          onClick={() => void analyses.fetchNextPage()}
        >
          {analyses.isFetchingNextPage ? <Spinner /> : null}
          {analyses.isFetchingNextPage ? t('analytics.list.loadingMore') : t('analytics.list.loadMore')}
        </Button>
      ) : items.length > 6 ? (
        <p className="text-center text-sm text-muted-foreground">{t('analytics.list.end')}</p>
      ) : null}
    </section>
  );
}
