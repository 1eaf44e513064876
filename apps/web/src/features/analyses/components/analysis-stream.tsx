import { BookOpenText, MessageCircleQuestionMark, MoonStar, Sparkles } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { authorLabel } from '@/lib/analysis-author';
import type { AnalysisAuthor } from '../api/use-analyze-dream';
import { InterpretationText, type Level, ResultCard, SummaryText } from './analysis-parts';

function Pending({ lines }: { lines: string[] }) {
  return (
    <div aria-hidden="true" className="grid gap-2.5 py-1">
      {lines.map((width, index) => (
        <span
          key={index}
          className={`h-3 ${width} animate-pulse rounded-full bg-secondary/80 motion-reduce:animate-none`}
        />
      ))}
    </div>
  );
}

/**
 * An analysis being written, laid out as the finished one will be (summary, questions, interpretation), so the cards
 * that replace it do not move the text: the summary and the interpretation grow as the pieces arrive, a caret where
 * the words are being written, the questions' place held until the end. The texts sit in a polite live region, so a
 * screen reader reads them as they come without interrupting.
 */
export function AnalysisStream({
  author,
  summary,
  interpretation,
  headingRef,
  level = 3,
  summaryTestId,
}: {
  /** Who writes it, once known; a string is said as is (the demo's sample reading). */
  author: AnalysisAuthor | string | null;
  summary: string;
  interpretation: string;
  headingRef?: Ref<HTMLHeadingElement>;
  level?: Level;
  /** Marks the summary's card for tests that follow its text (the demo's). */
  summaryTestId?: string;
}) {
  const { t } = useTranslation();
  const isWritingInterpretation = interpretation !== '';
  const Heading = level === 3 ? 'h3' : 'h4';
  const authorText =
    typeof author === 'string' ? author : author ? authorLabel(t, author.provider, author.model) : null;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <Heading
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-sm font-display text-base font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <Spinner className="text-primary" />
          {t('analyses.streaming.title')}
        </Heading>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
          {authorText ?? t('analyses.streaming.connecting')}
        </p>
      </div>
      <div aria-live="polite" className="grid gap-4">
        <ResultCard
          title={t('analyses.sections.summary')}
          icon={MoonStar}
          level={level}
          testId={summaryTestId}
          className="border-primary/25 shadow-[0_30px_120px_-60px_var(--glow)]"
        >
          {summary ? (
            <SummaryText text={summary} isWriting={!isWritingInterpretation} />
          ) : (
            <Pending lines={['w-4/5', 'w-3/5']} />
          )}
        </ResultCard>
        <ResultCard title={t('analyses.sections.questions')} icon={MessageCircleQuestionMark} level={level}>
          <Pending lines={['w-11/12', 'w-3/4', 'w-5/6']} />
        </ResultCard>
        {isWritingInterpretation ? (
          <ResultCard title={t('analyses.sections.interpretation')} icon={BookOpenText} level={level}>
            <InterpretationText text={interpretation} isWriting />
          </ResultCard>
        ) : null}
      </div>
    </div>
  );
}
