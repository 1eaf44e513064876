import type { DreamListItem } from '@sonhario/contracts/dreams';
import { Link } from 'react-router';
import { formatDate, formatListDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { DreamBadges, EmotionChips } from './dream-chips';

/**
 * One dream in a list: date, title (the link: the whole card is its hit area), excerpt, emotions, badges.
 * `headingLevel` follows the page's outline (h2 in the journal, h3 inside the dashboard's card).
 */
export function DreamCard({
  dream,
  timeZone,
  headingLevel = 2,
  isCompact = false,
}: {
  dream: DreamListItem;
  timeZone: string;
  headingLevel?: 2 | 3;
  isCompact?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={cn(
        'group relative flex flex-col gap-2.5 rounded-xl border border-border bg-card/60 px-4 py-4 backdrop-blur-sm transition-colors focus-within:border-primary/50 hover:border-primary/40 hover:bg-card/80 sm:px-5',
        isCompact && 'gap-1.5 bg-card/40 py-3.5',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
        <time
          dateTime={dream.dreamtOn}
          title={formatDate(dream.dreamtOn, 'long')}
          className="text-xs font-medium tracking-wide text-muted-foreground uppercase"
        >
          {formatListDate(dream.dreamtOn, timeZone)}
        </time>
        <DreamBadges dream={dream} />
      </div>
      <Heading className={cn('font-display text-lg leading-snug font-semibold', isCompact && 'text-base')}>
        <Link
          to={`/app/dreams/${dream.id}`}
          className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:underline focus-visible:decoration-primary focus-visible:underline-offset-4"
        >
          {dream.title}
        </Link>
      </Heading>
      {dream.excerpt ? (
        <p
          className={cn(
            'text-sm leading-relaxed text-pretty text-muted-foreground',
            isCompact ? 'line-clamp-2' : 'line-clamp-3',
          )}
        >
          {dream.excerpt}
        </p>
      ) : null}
      <EmotionChips emotions={dream.emotions} max={isCompact ? 3 : 5} className="mt-0.5" />
    </article>
  );
}
