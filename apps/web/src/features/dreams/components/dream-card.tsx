import type { DreamListItem } from '@sonhario/contracts/dreams';
import { Link } from 'react-router';
import { formatDate, formatListDate } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { DreamBadges, EmotionChips } from './dream-chips';

/** What a card shows of a dream. */
type DreamCardData = Pick<
  DreamListItem,
  'id' | 'title' | 'excerpt' | 'dreamtOn' | 'emotions' | 'lucidity' | 'isNightmare' | 'isRecurring'
>;

const titleClass =
  'rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:underline focus-visible:decoration-primary focus-visible:underline-offset-4';

/**
 * One dream in a list: date, title (the link: the whole card is its hit area), excerpt, emotions, badges.
 * `headingLevel` follows the page's outline (h2 in the journal, h3 inside the dashboard's card). With `onSelect` the
 * title is a button that opens the dream beside the list instead (the demo's journal), pressed while `isSelected`.
 */
export function DreamCard({
  dream,
  timeZone,
  headingLevel = 2,
  isCompact = false,
  onSelect,
  isSelected = false,
}: {
  dream: DreamCardData;
  timeZone: string;
  headingLevel?: 2 | 3;
  isCompact?: boolean;
  onSelect?: () => void;
  isSelected?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={cn(
        'group relative flex flex-col gap-2.5 rounded-xl border border-border bg-card/60 px-4 py-4 backdrop-blur-sm transition-colors focus-within:border-primary/50 hover:border-primary/40 hover:bg-card/80 sm:px-5',
        isCompact && 'gap-1.5 bg-card/40 py-3.5',
        isSelected && 'border-primary/50 bg-primary/[0.08] shadow-[0_0_40px_-20px_var(--glow)]',
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
        {onSelect ? (
          <button type="button" aria-pressed={isSelected} onClick={onSelect} className={cn(titleClass, 'text-left')}>
            {dream.title}
          </button>
        ) : (
          <Link to={`/app/dreams/${dream.id}`} className={titleClass}>
            {dream.title}
          </Link>
        )}
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
