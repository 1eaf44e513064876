import { BookOpenText, MessageCircleQuestionMark, MoonStar, Sparkles } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { authorLabel } from '@/lib/analysis-author';
import type { AnalysisAuthor } from '../api/use-analyze-dream';
import { InterpretationText, ResultCard, SummaryText } from './analysis-view';

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
}: {
  author: AnalysisAuthor | null;
  summary: string;
  interpretation: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const isWritingInterpretation = interpretation !== '';
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-sm font-display text-base font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <Spinner className="text-primary" />
          {t('analyses.streaming.title')}
        </h3>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <Sparkles aria-hidden="true" className="size-3.5 text-primary" />
          {author ? authorLabel(t, author.provider, author.model) : t('analyses.streaming.connecting')}
        </p>
      </div>
      <div aria-live="polite" className="grid gap-4">
        <ResultCard
          title={t('analyses.sections.summary')}
          icon={MoonStar}
          level={3}
          className="border-primary/25 shadow-[0_30px_120px_-60px_var(--glow)]"
        >
          {summary ? (
            <SummaryText text={summary} isWriting={!isWritingInterpretation} />
          ) : (
            <Pending lines={['w-4/5', 'w-3/5']} />
          )}
        </ResultCard>
        <ResultCard title={t('analyses.sections.questions')} icon={MessageCircleQuestionMark} level={3}>
          <Pending lines={['w-11/12', 'w-3/4', 'w-5/6']} />
        </ResultCard>
        {isWritingInterpretation ? (
          <ResultCard title={t('analyses.sections.interpretation')} icon={BookOpenText} level={3}>
            <InterpretationText text={interpretation} isWriting />
          </ResultCard>
        ) : null}
      </div>
    </div>
  );
}
