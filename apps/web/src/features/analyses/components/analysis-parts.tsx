import { type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';
import { withDreamLinks, type DreamRef } from '@/components/dream-ref-text';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** The pieces the finished reading and the one being written share: its texts with their citations, and its cards. */

/** The heading level of the reading's cards, under the page's outline. */
export type Level = 3 | 4;

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
export function CitedText({ text, refs }: { text: string; refs: readonly DreamRef[] | null }) {
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

/** One card of the reading: its titled heading (with an icon) and what it holds. */
export function ResultCard({
  title,
  icon: Icon,
  level,
  className,
  headingRef,
  testId,
  children,
}: {
  title: string;
  icon: LucideIcon;
  level: Level;
  className?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Marks the card for tests that follow its text (the demo's summary). */
  testId?: string;
  children: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <Card data-testid={testId} className={cn('gap-3 bg-card/60 px-5 py-5 backdrop-blur-sm sm:px-6', className)}>
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
