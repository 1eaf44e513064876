import { PLAN_NAMES, type CreditsSummary } from '@sonhario/contracts/credits';
import { CalendarClock, Coins, Infinity as InfinityIcon, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PlansLink } from '@/components/plans-link';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { formatCount, formatMonthName } from '../credit-format';

const cardClass = 'gap-4 bg-card/60 backdrop-blur-sm';

function IconBadge({ icon: Icon }: { icon: typeof Coins }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/25 ring-inset"
    >
      <Icon className="size-4" />
    </span>
  );
}

/** The balance, big, and how the next analysis would be paid (quota, credits, or not at all until the quota renews). */
function BalanceCard({ summary }: { summary: CreditsSummary }) {
  const { t } = useTranslation();
  const { balance, nextCharge, analysisCost, quota } = summary;
  const next =
    nextCharge === 'quota'
      ? t('credits.nextCharge.quota')
      : nextCharge === 'credits'
        ? t('credits.nextCharge.credits', { cost: analysisCost })
        : t('credits.nextCharge.none', { cost: analysisCost, date: formatDate(quota.resetsOn) });
  return (
    <Card
      className={cn(
        cardClass,
        'border-primary/30 bg-gradient-to-br from-primary/15 via-card/70 to-card/70 shadow-[0_0_60px_-30px_var(--glow)]',
      )}
      role="region"
      aria-labelledby="balance-title"
    >
      <CardHeader className="flex items-center gap-3">
        <IconBadge icon={Coins} />
        <CardTitle asChild className="font-display text-lg font-semibold">
          <h2 id="balance-title">{t('credits.balance.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="flex items-baseline gap-2" data-testid="credit-balance">
          <span className="font-display text-5xl font-semibold tracking-tight tabular-nums sm:text-6xl">
            {formatCount(balance)}
          </span>
          <span className="text-muted-foreground">
            {balance === 1 ? t('credits.balance.unitOne') : t('credits.balance.unit')}
          </span>
        </p>
        <div
          className={cn(
            'grid gap-1 rounded-lg border px-3.5 py-3 text-sm',
            nextCharge ? 'border-border/70 bg-background/30' : 'border-amber-500/30 bg-amber-400/10',
          )}
        >
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {t('credits.nextCharge.title')}
          </p>
          <p className="text-pretty">{next}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** The plan, this month's quota use (a bar, or "unlimited") and when it renews. */
function QuotaCard({ summary }: { summary: CreditsSummary }) {
  const { t } = useTranslation();
  const { quota } = summary;
  const plan = PLAN_NAMES[quota.plan];
  const month = formatMonthName(quota.month);
  const isUnlimited = quota.limit === null;
  const limit = quota.limit ?? 0;
  const shown = Math.min(quota.used, limit);
  const percent = limit > 0 ? Math.round((shown / limit) * 100) : 0;
  const usedText = t('credits.quota.used', { used: quota.used, limit, month });

  return (
    <Card className={cardClass} role="region" aria-labelledby="quota-title">
      <CardHeader className="flex flex-wrap items-center gap-3">
        <IconBadge icon={Sparkles} />
        <CardTitle asChild className="font-display text-lg font-semibold">
          <h2 id="quota-title">{t('credits.quota.title')}</h2>
        </CardTitle>
        <span className="ml-auto inline-flex h-6 items-center rounded-full bg-primary/15 px-2.5 text-xs font-medium text-primary ring-1 ring-primary/30 ring-inset">
          {t('credits.quota.plan', { plan })}
        </span>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isUnlimited ? (
          <div className="grid gap-1.5">
            <p className="flex items-center gap-2 font-medium">
              <InfinityIcon aria-hidden="true" className="size-5 text-primary" />
              {t('credits.quota.unlimited', { plan })}
            </p>
            <p className="text-sm text-muted-foreground">
              {quota.used === 1
                ? t('credits.quota.unlimitedUsedOne', { month })
                : t('credits.quota.unlimitedUsed', { used: quota.used, month })}
            </p>
          </div>
        ) : (
          <div className="grid gap-2.5">
            <p className="font-medium">{usedText}</p>
            <div
              role="progressbar"
              aria-label={t('credits.quota.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={limit}
              aria-valuenow={shown}
              aria-valuetext={usedText}
              className="h-2.5 w-full overflow-hidden rounded-full bg-secondary"
            >
              <div
                className={cn(
                  'h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none',
                  shown >= limit ? 'bg-amber-400/80' : 'bg-gradient-to-r from-primary/60 to-primary',
                )}
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
        )}
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          <time dateTime={quota.resetsOn}>{t('credits.quota.resetsOn', { date: formatDate(quota.resetsOn) })}</time>
        </p>
        <PlansLink className="-my-2" />
      </CardContent>
    </Card>
  );
}

export function CreditsSummaryCards({ summary }: { summary: CreditsSummary }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <BalanceCard summary={summary} />
      <QuotaCard summary={summary} />
    </div>
  );
}

function SkeletonCardHeader() {
  return (
    <CardHeader className="flex items-center gap-3">
      <Skeleton className="size-9 shrink-0 rounded-full" />
      <Skeleton className="h-5 w-28" />
    </CardHeader>
  );
}

/** The two cards' shapes, line for line, so the history below does not move when the summary arrives. */
export function CreditsSummarySkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4 md:grid-cols-2">
      <Card className={cardClass}>
        <SkeletonCardHeader />
        <CardContent className="grid gap-4">
          {/* The balance's figure, then the next analysis's box (two lines of text, one on a wide screen). */}
          <Skeleton className="h-12 w-28 sm:h-15" />
          <Skeleton className="h-[5.375rem] w-full rounded-lg lg:h-[4.125rem]" />
        </CardContent>
      </Card>
      <Card className={cardClass}>
        <SkeletonCardHeader />
        <CardContent className="grid gap-4">
          <div className="grid gap-2.5">
            <Skeleton className="my-0.5 h-5 w-3/4" />
            <Skeleton className="h-2.5 w-full rounded-full" />
          </div>
          <Skeleton className="my-0.5 h-4 w-1/2" />
          <Skeleton className="my-1 h-4 w-24" />
        </CardContent>
      </Card>
    </div>
  );
}
