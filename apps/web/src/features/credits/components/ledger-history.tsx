import type { LedgerEntry, LedgerReason } from '@sonhario/contracts/credits';
import { ACHIEVEMENT_IDS } from '@sonhario/contracts/rewards';
import type { TFunction } from 'i18next';
import { Brain, Flame, Gift, HandCoins, MoonStar, ReceiptText, Sparkles, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';
import { achievementKey } from '@/lib/reward-keys';
import { cn } from '@/lib/utils';
import type { useLedger } from '../api/use-ledger';
import { formatCount, formatSignedAmount } from '../credit-format';

const REASON_ICONS: Record<LedgerReason, LucideIcon> = {
  welcome_bonus: Gift,
  analysis: Brain,
  operator_grant: HandCoins,
  first_dream_of_day: MoonStar,
  streak_milestone: Flame,
  daily_bonus: Sparkles,
  achievement: Trophy,
};

const achievementIds: ReadonlySet<string> = new Set(ACHIEVEMENT_IDS);

/** What a row was for, with its `detail` where it says more: the milestone's days, the achievement's name. */
function reasonLabel(entry: LedgerEntry, t: TFunction): string {
  const { reason, detail } = entry;
  if (reason === 'streak_milestone' && detail && /^\d+$/.test(detail)) {
    return t('credits.ledger.details.streak_milestone', { days: Number(detail) });
  }
  if (reason === 'achievement' && detail && achievementIds.has(detail)) {
    return t('credits.ledger.details.achievement', { name: t(achievementKey(detail, 'name')) });
  }
  return t(`credits.ledger.reasons.${reason}`);
}

function LedgerRow({ entry, timeZone }: { entry: LedgerEntry; timeZone: string }) {
  const { t } = useTranslation();
  const Icon = REASON_ICONS[entry.reason];
  const amount = formatSignedAmount(entry.amount);
  const isEarned = entry.amount > 0;
  return (
    <li className="flex items-center gap-3 py-3.5 first:pt-0 last:pb-0">
      <span
        aria-hidden="true"
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
          isEarned
            ? 'bg-emerald-400/10 text-emerald-700 ring-emerald-400/25 dark:text-emerald-300'
            : 'bg-secondary text-muted-foreground ring-border',
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-sm font-medium text-pretty">{reasonLabel(entry, t)}</p>
        <time dateTime={entry.createdAt} className="text-xs text-muted-foreground">
          {formatDateTime(entry.createdAt, timeZone)}
        </time>
      </div>
      <div className="grid shrink-0 justify-items-end gap-0.5 text-right">
        <p
          className={cn(
            'font-display text-base font-semibold tabular-nums',
            // 700 in the light theme: 600 on white is under 4.5:1 for text of this size.
            isEarned ? 'text-emerald-700 dark:text-emerald-300' : 'text-rose-700 dark:text-rose-300',
          )}
        >
          <span aria-hidden="true">{amount}</span>
          <span className="sr-only">
            {Math.abs(entry.amount) === 1
              ? t('credits.ledger.amountLabelOne', { amount })
              : t('credits.ledger.amountLabel', { amount })}
          </span>
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {t('credits.ledger.balanceAfter', { balance: formatCount(entry.balanceAfter) })}
        </p>
      </div>
    </li>
  );
}

function LedgerSkeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-5">
      {[0, 1, 2].map((index) => (
        <li key={index} className="flex items-center gap-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-3.5 w-40 max-w-full" />
            <Skeleton className="h-3 w-28" />
          </div>
          <Skeleton className="h-5 w-10" />
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Histórico': every credit earned and spent, newest first, with 'Carregar mais'. The query lives in the page
 * (it decides the page-wide error state), so it is passed in.
 */
export function LedgerHistory({ ledger, timeZone }: { ledger: ReturnType<typeof useLedger>; timeZone: string }) {
  const { t } = useTranslation();
  const entries = ledger.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (ledger.isPending) {
    content = <LedgerSkeleton />;
  } else if (entries.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-6 py-10 text-center">
        <ReceiptText aria-hidden="true" className="size-6 text-primary" />
        <p className="font-medium">{t('credits.ledger.emptyTitle')}</p>
        <p className="max-w-xs text-sm text-pretty text-muted-foreground">{t('credits.ledger.emptyText')}</p>
      </div>
    );
  } else {
    content = (
      <div className="grid gap-5">
        <ul aria-label={t('credits.ledger.listLabel')} className="divide-y divide-border/70">
          {entries.map((entry) => (
            <LedgerRow key={entry.id} entry={entry} timeZone={timeZone} />
          ))}
        </ul>
        {ledger.isFetchNextPageError ? (
          <p role="alert" className="text-center text-sm text-muted-foreground">
            {t('credits.ledger.loadMoreError')}
          </p>
        ) : null}
        {ledger.hasNextPage ? (
          <Button
            variant="outline"
            className="mx-auto h-10 w-full sm:w-auto"
            disabled={ledger.isFetchingNextPage}
            onClick={() => void ledger.fetchNextPage()}
          >
            {ledger.isFetchingNextPage ? <Spinner /> : null}
            {ledger.isFetchingNextPage ? t('credits.ledger.loadingMore') : t('credits.ledger.loadMore')}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <Card
      className="gap-5 bg-card/60 backdrop-blur-sm"
      role="region"
      aria-labelledby="ledger-title"
      aria-busy={ledger.isPending || undefined}
    >
      <CardHeader>
        <CardTitle asChild className="font-display text-xl font-semibold">
          <h2 id="ledger-title">{t('credits.ledger.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
