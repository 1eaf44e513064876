import type { CalendarDayKind, RewardsResponse } from '@sonhario/contracts/rewards';
import { CalendarDays } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { addDays, formatDate, type IsoDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { formatLongMonth, formatShortMonth, weekdayOf } from '../rewards-format';

type DayState = CalendarDayKind | 'none';

const DAY_CLASSES: Record<DayState, string> = {
  recorded: 'bg-primary shadow-[0_0_6px_-1px_var(--primary)]',
  no_recall: 'bg-primary/15 ring-1 ring-inset ring-primary/70',
  freeze: 'bg-sky-400/80 dark:bg-sky-300/80',
  none: 'bg-secondary dark:bg-secondary/80',
};

const LEGEND: readonly DayState[] = ['recorded', 'no_recall', 'freeze', 'none'];

interface Month {
  /** `YYYY-MM` */
  month: string;
  days: { day: IsoDate; state: DayState }[];
  counted: number;
}

/** The days from `from` to `to` (inclusive), grouped by month, each with its state. */
function monthsOf(calendar: RewardsResponse['calendar']): Month[] {
  const kinds = new Map(calendar.days.map(({ day, kind }) => [day, kind]));
  const months: Month[] = [];
  for (let day = calendar.from; day <= calendar.to; day = addDays(day, 1)) {
    const month = day.slice(0, 7);
    let current = months.at(-1);
    if (current?.month !== month) {
      current = { month, days: [], counted: 0 };
      months.push(current);
    }
    const state = kinds.get(day) ?? 'none';
    current.days.push({ day, state });
    if (state !== 'none') current.counted += 1;
  }
  return months;
}

/**
 * The last 12 months, a small grid per month (Sunday first), wrapping three to a row on a phone: recorded nights,
 * nights without recall and days a freeze covered. Every day is a list item named by its date and state.
 */
export function RewardCalendar({ calendar }: { calendar: RewardsResponse['calendar'] }) {
  const { t } = useTranslation();
  const months = useMemo(() => monthsOf(calendar), [calendar]);
  const stateText = (state: DayState) => t(`rewards.calendar.kinds.${state}`);

  return (
    <Card role="region" aria-labelledby="calendar-title" className="gap-5 bg-card/60 backdrop-blur-sm">
      <CardHeader className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/25 ring-inset"
        >
          <CalendarDays className="size-4" />
        </span>
        <div className="grid gap-1">
          <CardTitle asChild className="font-display text-lg font-semibold">
            <h2 id="calendar-title">{t('rewards.calendar.title')}</h2>
          </CardTitle>
          <CardDescription className="text-pretty">{t('rewards.calendar.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ol
          aria-label={t('rewards.calendar.listLabel')}
          className="grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-4 sm:gap-x-5 lg:grid-cols-6"
        >
          {months.map(({ month, days, counted }, index) => {
            const name = formatLongMonth(month);
            const isYearShown = index === 0 || month.endsWith('-01');
            return (
              <li key={month} className="grid content-start gap-1.5">
                <p aria-hidden="true" className="text-xs font-medium text-muted-foreground capitalize">
                  {formatShortMonth(month).replace('.', '')}
                  {isYearShown ? <span className="ml-1 text-muted-foreground">{month.slice(0, 4)}</span> : null}
                </p>
                <ol
                  aria-label={
                    counted === 1
                      ? t('rewards.calendar.monthLabelOne', { month: name })
                      : t('rewards.calendar.monthLabel', { month: name, count: counted })
                  }
                  className="grid grid-cols-7 gap-[3px]"
                >
                  {days.map(({ day, state }, dayIndex) => {
                    const isToday = day === calendar.to;
                    const label = t(isToday ? 'rewards.calendar.todayLabel' : 'rewards.calendar.dayLabel', {
                      date: formatDate(day, 'long'),
                      state: stateText(state),
                    });
                    return (
                      <li
                        key={day}
                        aria-label={label}
                        title={label}
                        data-state={state}
                        style={dayIndex === 0 ? { gridColumnStart: weekdayOf(day) + 1 } : undefined}
                        className={cn(
                          'aspect-square rounded-[3px]',
                          DAY_CLASSES[state],
                          isToday && 'outline-2 outline-offset-1 outline-foreground/70',
                        )}
                      />
                    );
                  })}
                </ol>
              </li>
            );
          })}
        </ol>
        <ul aria-label={t('rewards.calendar.legend')} className="flex flex-wrap gap-x-4 gap-y-2 text-xs">
          {LEGEND.map((state) => (
            <li key={state} className="flex items-center gap-1.5 text-muted-foreground">
              <span aria-hidden="true" className={cn('size-3 rounded-[3px]', DAY_CLASSES[state])} />
              {stateText(state)}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
