import type { DreamListItem } from '@sonhario/contracts/dreams';
import { MoonStar, PenLine, SearchX, SlidersHorizontal } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, LoadFailedState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useTimeZone } from '@/hooks/use-time-zone';
import { todayIn } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { useDreams } from '../api/use-dreams';
import { countFilters, hasAnyFilter } from '../dream-filters';
import { useDreamFilters } from '../hooks/use-dream-filters';
import { DreamCard } from './dream-card';
import { ActiveFilters, DreamFiltersPanel } from './dream-filters-panel';
import { DreamSearch } from './dream-search';

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-3">
      {[0, 1, 2].map((index) => (
        <li key={index} className="grid gap-3 rounded-xl border border-border bg-card/40 px-5 py-5">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-5/6" />
        </li>
      ))}
    </ul>
  );
}

/** The journal's dreams as drawn: their cards, 'Carregar mais' while there are more, and the list's end. */
function DreamList({
  items,
  timeZone,
  isPlaceholderData,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
}: {
  items: DreamListItem[];
  timeZone: string;
  /** The previous filters' dreams, shown dimmed while the new ones load. */
  isPlaceholderData: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <ul
        aria-label={t('dreams.list.listLabel')}
        aria-busy={isPlaceholderData || undefined}
        className={cn('grid gap-3 transition-opacity', isPlaceholderData && 'opacity-60')}
      >
        {items.map((dream) => (
          <li key={dream.id}>
            <DreamCard dream={dream} timeZone={timeZone} />
          </li>
        ))}
      </ul>
      {hasNextPage ? (
        <Button
          variant="outline"
          size="lg"
          className="mx-auto w-full sm:w-auto"
          disabled={isFetchingNextPage}
          onClick={onLoadMore}
        >
          {isFetchingNextPage ? <Spinner /> : null}
          {isFetchingNextPage ? t('dreams.list.loadingMore') : t('dreams.list.loadMore')}
        </Button>
      ) : items.length > 5 ? (
        <p className="text-center text-sm text-muted-foreground">{t('dreams.list.end')}</p>
      ) : null}
    </div>
  );
}

/** The journal: search, filters (all in the URL), the dreams a page at a time, and its empty states. */
export function DreamJournal() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const { filters, setFilters, clearFilters } = useDreamFilters();
  const filterCount = countFilters(filters);
  const [isPanelOpen, setIsPanelOpen] = useState(filterCount > 0);
  const dreams = useDreams(filters);
  const items = dreams.data?.pages.flatMap((page) => page.items) ?? [];

  // The first word typed is a new history entry (back returns to the unfiltered list); the next ones refine it.
  const onSearch = useCallback(
    (q: string, isFirst: boolean) => setFilters({ q: q || undefined }, { replace: !isFirst && q !== '' }),
    [setFilters],
  );

  let content;
  if (dreams.isPending) {
    content = <ListSkeleton />;
  } else if (dreams.isError && !dreams.data) {
    content = (
      <LoadFailedState title={t('dreams.list.errorTitle')} error={dreams.error} onRetry={() => void dreams.refetch()} />
    );
  } else if (items.length === 0 && !dreams.isPlaceholderData) {
    content = hasAnyFilter(filters) ? (
      <EmptyState
        icon={SearchX}
        title={t('dreams.list.noResultsTitle')}
        text={t('dreams.list.noResultsText')}
        action={
          <Button variant="outline" onClick={clearFilters}>
            {t('dreams.list.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={MoonStar}
        title={t('dreams.list.emptyTitle')}
        text={t('dreams.list.emptyText')}
        action={
          <Button asChild>
            <Link to="/app/dreams/new">
              <PenLine aria-hidden="true" />
              {t('dreams.list.emptyCta')}
            </Link>
          </Button>
        }
      />
    );
  } else {
    content = (
      <DreamList
        items={items}
        timeZone={timeZone}
        isPlaceholderData={dreams.isPlaceholderData}
        hasNextPage={dreams.hasNextPage}
        isFetchingNextPage={dreams.isFetchingNextPage}
        onLoadMore={() => void dreams.fetchNextPage()}
      />
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex gap-2">
        <DreamSearch value={filters.q ?? ''} onSearch={onSearch} />
        <Button
          variant="outline"
          className={cn('h-11 shrink-0 px-3 sm:px-4', filterCount > 0 && 'border-primary/50 text-foreground')}
          aria-expanded={isPanelOpen}
          aria-controls="dream-filters"
          onClick={() => setIsPanelOpen(!isPanelOpen)}
        >
          <SlidersHorizontal aria-hidden="true" />
          <span className="max-sm:sr-only">
            {filterCount > 0 ? t('dreams.list.filtersActive', { count: filterCount }) : t('dreams.list.filters')}
          </span>
          {filterCount > 0 ? (
            <span
              aria-hidden="true"
              className="flex size-5 items-center justify-center rounded-full bg-primary text-[0.7rem] font-semibold text-primary-foreground sm:hidden"
            >
              {filterCount}
            </span>
          ) : null}
        </Button>
      </div>
      <DreamFiltersPanel
        id="dream-filters"
        hidden={!isPanelOpen}
        filters={filters}
        onChange={setFilters}
        today={todayIn(timeZone)}
      />
      <ActiveFilters filters={filters} onChange={setFilters} onClear={clearFilters} />
      <p role="status" className="sr-only">
        {dreams.isFetching && !dreams.isFetchingNextPage ? t('dreams.list.searching') : ''}
      </p>
      {content}
    </div>
  );
}
