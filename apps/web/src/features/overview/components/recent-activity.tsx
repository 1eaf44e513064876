import type { DreamListItem } from '@sonhario/contracts/dreams';
import { ArrowRight, MoonStar, PenLine } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageActionRef } from '@/hooks/use-page-action';
import { useOverview } from '../api/use-overview';

/**
 * 'Atividade Recente': the last five dreams, or the spec's empty state with 'Registrar Primeiro Sonho'. Each dream
 * is drawn by `renderDream` (the dashboard passes the journal's card, at heading level 3).
 */
export function RecentActivity({ renderDream }: { renderDream: (dream: DreamListItem) => ReactNode }) {
  const { data, isPending, isError } = useOverview();
  // A failed load is told once at the top of the dashboard (OverviewLoadFailed).
  if (isError && !data) return null;
  return <RecentActivityView recent={data?.recent ?? []} isPending={isPending} renderDream={renderDream} />;
}

/** 'Atividade Recente' as drawn: the dreams given (each by `renderDream`), their placeholders, or the empty state. */
function RecentActivityView({
  recent,
  isPending,
  renderDream,
}: {
  recent: readonly DreamListItem[];
  isPending: boolean;
  renderDream: (dream: DreamListItem) => ReactNode;
}) {
  const { t } = useTranslation();
  // The empty state's 'Registrar Primeiro Sonho' keeps the phone's floating 'Novo sonho' aside while on screen.
  const pageActionRef = usePageActionRef();
  let content;
  if (isPending) {
    content = (
      <ul aria-hidden="true" className="grid gap-3">
        {[0, 1].map((index) => (
          <li key={index} className="grid gap-2.5 rounded-xl border border-border px-5 py-4">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-full" />
          </li>
        ))}
      </ul>
    );
  } else if (recent.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full bg-gradient-to-br from-primary/30 to-primary/5 text-primary ring-1 ring-primary/30 ring-inset"
        >
          <MoonStar className="size-6" />
        </span>
        <p className="mt-2 font-medium">{t('dashboard.recent.empty')}</p>
        <p className="max-w-sm text-sm text-pretty text-muted-foreground">{t('dashboard.recent.emptyHint')}</p>
        <Button asChild className="mt-3">
          <Link ref={pageActionRef} to="/app/dreams/new">
            <PenLine aria-hidden="true" />
            {t('dashboard.recent.cta')}
          </Link>
        </Button>
      </div>
    );
  } else {
    content = (
      <ul aria-label={t('dashboard.recent.listLabel')} className="grid gap-3 md:grid-cols-2">
        {recent.map((dream) => (
          <li key={dream.id} className="flex [&>article]:w-full">
            {renderDream(dream)}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card className="bg-card/60 backdrop-blur-sm" aria-labelledby="recent-title" role="region">
      <CardHeader>
        <CardTitle asChild className="font-display text-xl font-semibold">
          <h2 id="recent-title">{t('dashboard.recent.title')}</h2>
        </CardTitle>
        {recent.length > 0 ? (
          <CardAction>
            <Button asChild variant="ghost" size="sm" className="h-10 sm:h-8">
              <Link to="/app/dreams">
                {t('dashboard.recent.seeAll')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
