import type { Analysis } from '@sonhario/contracts/analyses';
import {
  BookOpenText,
  ChevronDown,
  Drama,
  Eye,
  HeartPulse,
  History,
  MapPin,
  MessageCircleQuestionMark,
  MoonStar,
  Shapes,
  Sparkles,
  Tags,
  type LucideIcon,
} from 'lucide-react';
import { type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withDreamLinks, type DreamRef } from '@/components/dream-ref-text';
import { SupportCard } from '@/components/support-card';
import { Card } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { authorLabel } from '@/lib/analysis-author';

type Level = 3 | 4;

/** Questions shown at once; a fourth (providers may write up to four) waits behind 'Ver mais perguntas'. */
const QUESTIONS_SHOWN = 3;

/** Where the details open by default (decision 043): from the `sm` breakpoint; on a phone they wait for a tap. */
const WIDE_SCREEN = '(min-width: 640px)';

const isWideScreen = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN).matches;

/** A text's paragraphs (providers separate them with blank lines, sometimes single line breaks). */
const paragraphsOf = (text: string) =>
  text
    .split(/\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** Where the text is being written: a soft blinking bar after the last word (still for reduced motion). */
function Caret() {
  return (
    <span
      aria-hidden="true"
      data-testid="stream-caret"
      className="ml-0.5 inline-block h-[1.05em] w-0.5 translate-y-[0.15em] animate-pulse rounded-full bg-primary/80 motion-reduce:animate-none"
    />
  );
}

/**
 * A sentence of the reading with its `[D1]` citations of earlier dreams (decisions 064, 070): links to them once
 * stored (`refs`); while it is written (`refs` null) each shows as 'um sonho', and one whose dream was deleted since,
 * as plain words. Any sentence the model writes may cite one.
 */
function CitedText({ text, refs }: { text: string; refs: readonly DreamRef[] | null }) {
  const { t } = useTranslation();
  return withDreamLinks(text, refs, { pending: t('analyses.reading.refPending'), gone: t('analyses.reading.refGone') });
}

/** The summary's words, the same while streamed and once stored, so nothing moves when the analysis arrives. */
export function SummaryText({
  text,
  isWriting = false,
  refs = null,
}: {
  text: string;
  isWriting?: boolean;
  refs?: readonly DreamRef[] | null;
}) {
  return (
    <p className="font-display text-lg leading-relaxed text-pretty text-foreground/95">
      <CitedText text={text} refs={refs} />
      {isWriting ? <Caret /> : null}
    </p>
  );
}

/** The interpretation's paragraphs, the same while streamed and once stored, with its citations (`CitedText`). */
export function InterpretationText({
  text,
  isWriting = false,
  refs = null,
}: {
  text: string;
  isWriting?: boolean;
  refs?: readonly DreamRef[] | null;
}) {
  const paragraphs = paragraphsOf(text);
  return (
    <div className="grid gap-3 text-sm leading-relaxed text-pretty text-foreground/90 sm:text-base sm:leading-relaxed">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>
          <CitedText text={paragraph} refs={refs} />
          {isWriting && index === paragraphs.length - 1 ? <Caret /> : null}
        </p>
      ))}
    </div>
  );
}

export function ResultCard({
  title,
  icon: Icon,
  level,
  className,
  headingRef,
  children,
}: {
  title: string;
  icon: LucideIcon;
  level: Level;
  className?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <Card className={cn('gap-3 bg-card/60 px-5 py-5 backdrop-blur-sm sm:px-6', className)}>
      <Heading
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="flex items-center gap-2 rounded-sm font-display text-base font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {title}
      </Heading>
      {children}
    </Card>
  );
}

type DetailKey = 'symbols' | 'themes' | 'emotions' | 'characters' | 'settings' | 'lucidity';

/**
 * One part of the reading behind its count: 'Ver símbolos (8)' closed, 'Símbolos (8)' open. The heading holds the
 * button (the disclosure pattern), so the outline still lists every part.
 */
function DetailsSection({
  name,
  count,
  icon: Icon,
  level,
  isOpenAtFirst,
  children,
}: {
  name: DetailKey;
  count: number;
  icon: LucideIcon;
  level: Level;
  isOpenAtFirst: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(isOpenAtFirst);
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <Collapsible
      open={isOpen}
      onOpenChange={setIsOpen}
      data-testid={`analysis-details-${name}`}
      className="rounded-xl border border-border/80 bg-card/50 backdrop-blur-sm"
    >
      <Heading className="text-sm font-medium">
        <CollapsibleTrigger className="flex min-h-12 w-full items-center gap-2.5 rounded-xl px-5 py-3 text-left outline-none hover:bg-accent/30 focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:px-6">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span className="flex-1">
            {isOpen ? t(`analyses.reading.shown.${name}`, { count }) : t(`analyses.reading.show.${name}`, { count })}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={cn(
              'size-4 shrink-0 text-muted-foreground transition-transform motion-reduce:transition-none',
              isOpen && 'rotate-180',
            )}
          />
        </CollapsibleTrigger>
      </Heading>
      <CollapsibleContent className="px-5 pb-5 sm:px-6">{children}</CollapsibleContent>
    </Collapsible>
  );
}

function Chips({ items }: { items: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="inline-flex min-h-7 items-center rounded-full bg-secondary px-3 text-xs">
          {item}
        </li>
      ))}
    </ul>
  );
}

function ReflectionQuestions({ questions, refs }: { questions: string[]; refs: readonly DreamRef[] }) {
  const { t } = useTranslation();
  const [isMoreShown, setIsMoreShown] = useState(false);
  const shown = isMoreShown ? questions : questions.slice(0, QUESTIONS_SHOWN);
  const more = questions.length - QUESTIONS_SHOWN;
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2.5">
        {shown.map((question, index) => (
          <li key={index} className="flex gap-3 text-sm leading-relaxed text-pretty sm:text-base">
            <span aria-hidden="true" className="font-display text-primary tabular-nums">
              {index + 1}.
            </span>
            <span>
              <CitedText text={question} refs={refs} />
            </span>
          </li>
        ))}
      </ol>
      {more > 0 && !isMoreShown ? (
        <button
          type="button"
          onClick={() => setIsMoreShown(true)}
          className="-mx-2 min-h-11 w-fit rounded-md px-2 text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {t('analyses.reading.moreQuestions', { count: more })}
        </button>
      ) : null}
    </div>
  );
}

/** Who made it, when, and whether the dream changed since (the analysis read an earlier version). */
function AnalysisMeta({
  analysis,
  isDreamChanged,
  timeZone,
}: {
  analysis: Analysis;
  isDreamChanged: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
        <span>{authorLabel(t, analysis.provider, analysis.model)}</span>
        {/* The separator travels with the date: on a phone it never starts a line alone. */}
        <span className="whitespace-nowrap">
          <span aria-hidden="true">· </span>
          <time dateTime={analysis.createdAt}>
            {t('analyses.madeOn', { date: formatDateTime(analysis.createdAt, timeZone) })}
          </time>
        </span>
      </p>
      {isDreamChanged ? (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200/20 bg-amber-200/[0.06] px-3 py-2 text-sm text-amber-900 dark:text-amber-50/90">
          <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-200/80" />
          {t('analyses.dreamChanged')}
        </p>
      ) : null}
    </div>
  );
}

/**
 * One finished analysis, read from the top (issue 19): the summary with the dream's type, two or three questions to
 * reflect on, the interpretation, then the details behind their counts ('Ver símbolos (8)'), closed on a phone and
 * open from 640 px (decision 043). A reading that sensed distress opens with the support card.
 */
export function AnalysisView({
  analysis,
  isDreamChanged,
  timeZone,
  level = 3,
  headingRef,
}: {
  analysis: Analysis;
  isDreamChanged: boolean;
  timeZone: string;
  level?: Level;
  /** Gets the first card's heading (focusable), to move focus there when a new analysis arrives. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const { result } = analysis;
  const refs = analysis.relatedDreams ?? [];
  // Read once: a details section the reader opened or closed stays so when the window is resized.
  const [isOpenAtFirst] = useState(isWideScreen);
  const details = { level, isOpenAtFirst };

  return (
    <div className="grid gap-4">
      {result.distress ? <SupportCard level={level} /> : null}
      <AnalysisMeta analysis={analysis} isDreamChanged={isDreamChanged} timeZone={timeZone} />
      <ResultCard title={t('analyses.sections.summary')} icon={MoonStar} level={level} headingRef={headingRef}>
        <SummaryText text={result.summary} refs={refs} />
        <p className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5 text-sm text-pretty text-muted-foreground">
          <span className="sr-only">{t('analyses.sections.dreamType')}:</span>
          <span className="inline-flex h-7 w-fit items-center rounded-full bg-primary/15 px-3 text-sm font-medium text-primary ring-1 ring-primary/30 ring-inset">
            {t(`analyses.dreamTypes.${result.dreamType}`)}
          </span>
          {t(`analyses.dreamTypeHints.${result.dreamType}`)}
        </p>
      </ResultCard>

      <ResultCard title={t('analyses.sections.questions')} icon={MessageCircleQuestionMark} level={level}>
        <ReflectionQuestions questions={result.reflectionQuestions} refs={refs} />
      </ResultCard>

      <ResultCard title={t('analyses.sections.interpretation')} icon={BookOpenText} level={level}>
        <InterpretationText text={result.interpretation} refs={refs} />
      </ResultCard>

      <div className="grid items-start gap-3 sm:grid-cols-2">
        {result.symbols.length ? (
          <DetailsSection name="symbols" count={result.symbols.length} icon={Shapes} {...details}>
            <dl className="grid gap-3">
              {result.symbols.map((symbol) => (
                <div key={symbol.symbol} className="grid gap-0.5">
                  <dt className="text-sm font-medium">{symbol.symbol}</dt>
                  <dd className="text-sm text-pretty text-muted-foreground">
                    <CitedText text={symbol.meaning} refs={refs} />
                  </dd>
                </div>
              ))}
            </dl>
          </DetailsSection>
        ) : null}

        {result.themes.length ? (
          <DetailsSection name="themes" count={result.themes.length} icon={Tags} {...details}>
            <ul className="grid gap-3">
              {result.themes.map((theme) => (
                <li key={theme.name} className="grid gap-0.5">
                  <span className="text-sm font-medium">{theme.name}</span>
                  {theme.description ? (
                    <span className="text-sm text-pretty text-muted-foreground">
                      <CitedText text={theme.description} refs={refs} />
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </DetailsSection>
        ) : null}

        {result.emotions.length ? (
          <DetailsSection name="emotions" count={result.emotions.length} icon={HeartPulse} {...details}>
            <ul className="grid gap-3">
              {result.emotions.map(({ emotion, intensity }) => {
                const percent = Math.round(intensity * 100);
                const name = t(`dreams.emotions.${emotion}`);
                return (
                  <li key={emotion} className="grid gap-1.5">
                    <div className="flex items-baseline justify-between gap-3 text-sm">
                      <span>{name}</span>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {t('analyses.intensity', { percent })}
                      </span>
                    </div>
                    <div
                      role="meter"
                      aria-label={t('analyses.intensityLabel', { emotion: name })}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      className="h-1.5 overflow-hidden rounded-full bg-secondary"
                    >
                      <div
                        className="h-full rounded-full bg-gradient-to-r from-primary/50 to-primary"
                        style={{ width: `${percent}%` }}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          </DetailsSection>
        ) : null}

        {result.characters.length ? (
          <DetailsSection name="characters" count={result.characters.length} icon={Drama} {...details}>
            <Chips items={result.characters} />
          </DetailsSection>
        ) : null}

        {result.settings.length ? (
          <DetailsSection name="settings" count={result.settings.length} icon={MapPin} {...details}>
            <Chips items={result.settings} />
          </DetailsSection>
        ) : null}

        {result.luciditySignals.length ? (
          <DetailsSection name="lucidity" count={result.luciditySignals.length} icon={Eye} {...details}>
            <ul className="grid list-disc gap-1.5 pl-5 text-sm marker:text-primary/70">
              {result.luciditySignals.map((signal) => (
                <li key={signal}>
                  <CitedText text={signal} refs={refs} />
                </li>
              ))}
            </ul>
          </DetailsSection>
        ) : null}
      </div>
    </div>
  );
}
