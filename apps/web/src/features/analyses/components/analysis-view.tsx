import type { Analysis } from '@sonhario/contracts/analyses';
import { BookOpenText, History, MessageCircleQuestionMark, MoonStar, Sparkles } from 'lucide-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DreamRef } from '@/components/dream-ref-text';
import { SupportCard } from '@/components/support-card';
import { formatDateTime } from '@/lib/dates';
import { authorLabel } from '@/lib/analysis-author';
import { AnalysisDetails } from './analysis-details';
import { CitedText, InterpretationText, type Level, ResultCard, SummaryText } from './analysis-parts';

/** Questions shown at once; a fourth (providers may write up to four) waits behind 'Ver mais perguntas'. */
const QUESTIONS_SHOWN = 3;

/** Where the details open by default (decision 043): from the `sm` breakpoint; on a phone they wait for a tap. */
const WIDE_SCREEN = '(min-width: 640px)';

const isWideScreen = () => typeof window.matchMedia === 'function' && window.matchMedia(WIDE_SCREEN).matches;

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
  author,
}: {
  analysis: Analysis;
  isDreamChanged: boolean;
  timeZone: string;
  author?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
        <span>{author ?? authorLabel(t, analysis.provider, analysis.model)}</span>
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
  author,
  isDetailsOpen,
  summaryTestId,
}: {
  analysis: Analysis;
  isDreamChanged: boolean;
  timeZone: string;
  level?: Level;
  /** Gets the first card's heading (focusable), to move focus there when a new analysis arrives. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Who made it, said otherwise than by its provider (the demo's sample reading). */
  author?: string;
  /** The details open (or closed) at first whatever the screen (the demo shows the whole reading). */
  isDetailsOpen?: boolean;
  /** Marks the summary's card for tests that follow its text (the demo's). */
  summaryTestId?: string;
}) {
  const { t } = useTranslation();
  const { result } = analysis;
  const refs = analysis.relatedDreams ?? [];
  // Read once: a details section the reader opened or closed stays so when the window is resized.
  const [isOpenAtFirst] = useState(() => isDetailsOpen ?? isWideScreen());

  return (
    <div className="grid gap-4">
      {result.distress ? <SupportCard level={level} /> : null}
      <AnalysisMeta analysis={analysis} isDreamChanged={isDreamChanged} timeZone={timeZone} author={author} />
      <ResultCard
        title={t('analyses.sections.summary')}
        icon={MoonStar}
        level={level}
        headingRef={headingRef}
        testId={summaryTestId}
      >
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

      <AnalysisDetails result={result} refs={refs} level={level} isOpenAtFirst={isOpenAtFirst} />
    </div>
  );
}
