import { BookOpen, Tag } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DreamCard } from '@/features/dreams/components/dream-card';
import { DreamBadges, EmotionChips } from '@/features/dreams/components/dream-chips';
import { addDays, formatDate, todayIn } from '@/lib/dates';
import { DemoAnalysisCard } from './demo-analysis';
import type { DemoDream } from './demo-journal';

const nightOf = (dream: DemoDream, timeZone: string) => addDays(todayIn(timeZone), -dream.nightsAgo);

/** The open dream: its night, kinds, text, emotions and tags, then its analysis. */
function DemoDreamPanel({
  dream,
  timeZone,
  autoStart,
  headingRef,
}: {
  dream: DemoDream;
  timeZone: string;
  autoStart: boolean;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const night = nightOf(dream, timeZone);
  return (
    <article aria-labelledby={`demo-dream-${dream.id}`} className="grid gap-4">
      <div className="grid gap-3 rounded-xl border border-border bg-card/60 px-5 py-5 backdrop-blur-sm sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
          <time dateTime={night} className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {formatDate(night, 'long')}
          </time>
          <DreamBadges dream={dream} />
        </div>
        <h3
          id={`demo-dream-${dream.id}`}
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-24 rounded-sm font-display text-2xl leading-snug font-semibold text-balance outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {dream.title}
        </h3>
        <p className="text-base leading-relaxed text-pretty text-foreground/90">{dream.content}</p>
        <EmotionChips emotions={dream.emotions} />
        <ul aria-label={t('dreams.fields.tags')} className="flex flex-wrap gap-1.5">
          {dream.tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex h-6 items-center gap-1 rounded-full bg-secondary px-2.5 text-xs text-secondary-foreground"
            >
              <Tag aria-hidden="true" className="size-3 text-muted-foreground" />
              {tag}
            </li>
          ))}
        </ul>
      </div>
      {/* Keyed by dream: another dream starts from its own untouched analysis. */}
      <DemoAnalysisCard key={dream.id} dream={dream} night={night} timeZone={timeZone} autoStart={autoStart} />
    </article>
  );
}

/** 'Diário': the sample dreams (the journal's own cards), one open with its analysis (the newest, whose analysis writes itself when seen). */
export function DemoJournalSection({ dreams, timeZone }: { dreams: DemoDream[]; timeZone: string }) {
  const { t } = useTranslation();
  const [selectedId, setSelectedId] = useState(dreams[0]?.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const selected = dreams.find((dream) => dream.id === selectedId) ?? dreams[0];
  if (!selected) return null;

  const select = (id: string) => {
    setSelectedId(id);
    // After the panel shows the new dream: take the reader (and the screen reader) to it.
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  return (
    <section aria-labelledby="demo-journal-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="demo-journal-title" className="flex items-center gap-2 font-display text-2xl font-semibold">
          <BookOpen aria-hidden="true" className="size-5 text-primary" />
          {t('demo.journal.title')}
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">{t('demo.journal.description')}</p>
      </div>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <ul aria-label={t('demo.journal.listLabel')} className="grid gap-3">
          {dreams.map((dream) => (
            <li key={dream.id}>
              <DreamCard
                dream={{ ...dream, excerpt: dream.content, dreamtOn: nightOf(dream, timeZone) }}
                timeZone={timeZone}
                headingLevel={3}
                isCompact
                isSelected={dream.id === selected.id}
                onSelect={() => select(dream.id)}
              />
            </li>
          ))}
        </ul>
        <DemoDreamPanel
          dream={selected}
          timeZone={timeZone}
          autoStart={selected.id === dreams[0]?.id}
          headingRef={headingRef}
        />
      </div>
    </section>
  );
}
