import type { Analysis } from '@sonhario/contracts/analyses';
import {
  BookOpenText,
  Drama,
  Eye,
  HeartPulse,
  History,
  MessageCircleQuestionMark,
  MoonStar,
  Shapes,
  Sparkles,
  Tags,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SupportCard } from '@/components/support-card';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/dates';
import { cn } from '@/lib/utils';
import { authorLabel } from '../analysis-author';

type Level = 3 | 4;

/** A text's paragraphs (providers separate them with blank lines, sometimes single line breaks). */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

function ResultCard({
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

function Nothing() {
  const { t } = useTranslation();
  return <p className="text-sm text-muted-foreground">{t('analyses.nothingFound')}</p>;
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
        <span aria-hidden="true">·</span>
        <time dateTime={analysis.createdAt}>
          {t('analyses.madeOn', { date: formatDateTime(analysis.createdAt, timeZone) })}
        </time>
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
 * One finished analysis as cards: summary, interpretation, themes, symbols, emotions (with intensity bars),
 * characters and settings, dream type, lucidity signs (when any) and questions to reflect on. A reading that
 * sensed distress opens with the support card.
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
  const hasPeople = result.characters.length > 0 || result.settings.length > 0;
  const SubHeading = level === 3 ? 'h4' : 'h5';

  return (
    <div className="grid gap-4">
      {result.distress ? <SupportCard level={level} /> : null}
      <AnalysisMeta analysis={analysis} isDreamChanged={isDreamChanged} timeZone={timeZone} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ResultCard
          title={t('analyses.sections.summary')}
          icon={MoonStar}
          level={level}
          headingRef={headingRef}
          className="sm:col-span-2"
        >
          <p className="font-display text-lg leading-relaxed text-pretty text-foreground/95">{result.summary}</p>
        </ResultCard>

        <ResultCard
          title={t('analyses.sections.interpretation')}
          icon={BookOpenText}
          level={level}
          className="sm:col-span-2"
        >
          <div className="grid gap-3 text-sm leading-relaxed text-pretty text-foreground/90 sm:text-base sm:leading-relaxed">
            {paragraphsOf(result.interpretation).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </ResultCard>

        <ResultCard title={t('analyses.sections.themes')} icon={Tags} level={level}>
          {result.themes.length ? (
            <ul className="grid gap-3">
              {result.themes.map((theme) => (
                <li key={theme.name} className="grid gap-0.5">
                  <span className="text-sm font-medium">{theme.name}</span>
                  {theme.description ? (
                    <span className="text-sm text-pretty text-muted-foreground">{theme.description}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <Nothing />
          )}
        </ResultCard>

        <ResultCard title={t('analyses.sections.symbols')} icon={Shapes} level={level}>
          {result.symbols.length ? (
            <dl className="grid gap-3">
              {result.symbols.map((symbol) => (
                <div key={symbol.symbol} className="grid gap-0.5">
                  <dt className="text-sm font-medium">{symbol.symbol}</dt>
                  <dd className="text-sm text-pretty text-muted-foreground">{symbol.meaning}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <Nothing />
          )}
        </ResultCard>

        <ResultCard title={t('analyses.sections.emotions')} icon={HeartPulse} level={level}>
          {result.emotions.length ? (
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
          ) : (
            <Nothing />
          )}
        </ResultCard>

        <ResultCard title={t('analyses.sections.charactersSettings')} icon={Drama} level={level}>
          {hasPeople ? (
            <div className="grid gap-3">
              {(
                [
                  { key: 'characters', items: result.characters },
                  { key: 'settings', items: result.settings },
                ] as const
              ).map(({ key, items }) =>
                items.length ? (
                  <div key={key} className="grid gap-1.5">
                    <SubHeading className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                      {t(`analyses.sections.${key}`)}
                    </SubHeading>
                    <ul className="flex flex-wrap gap-1.5">
                      {items.map((item) => (
                        <li
                          key={item}
                          className="inline-flex min-h-7 items-center rounded-full bg-secondary px-3 text-xs"
                        >
                          {item}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null,
              )}
            </div>
          ) : (
            <Nothing />
          )}
        </ResultCard>

        <ResultCard title={t('analyses.sections.dreamType')} icon={MoonStar} level={level}>
          <div className="grid gap-1.5">
            <span className="inline-flex h-7 w-fit items-center rounded-full bg-primary/15 px-3 text-sm font-medium text-primary ring-1 ring-primary/30 ring-inset">
              {t(`analyses.dreamTypes.${result.dreamType}`)}
            </span>
            <p className="text-sm text-pretty text-muted-foreground">
              {t(`analyses.dreamTypeHints.${result.dreamType}`)}
            </p>
          </div>
        </ResultCard>

        {result.luciditySignals.length ? (
          <ResultCard title={t('analyses.sections.lucidity')} icon={Eye} level={level}>
            <ul className="grid list-disc gap-1.5 pl-5 text-sm marker:text-primary/70">
              {result.luciditySignals.map((signal) => (
                <li key={signal}>{signal}</li>
              ))}
            </ul>
          </ResultCard>
        ) : null}

        <ResultCard
          title={t('analyses.sections.questions')}
          icon={MessageCircleQuestionMark}
          level={level}
          className="sm:col-span-2"
        >
          <ol className="grid gap-2.5">
            {result.reflectionQuestions.map((question, index) => (
              <li key={index} className="flex gap-3 text-sm leading-relaxed text-pretty sm:text-base">
                <span aria-hidden="true" className="font-display text-primary tabular-nums">
                  {index + 1}.
                </span>
                {question}
              </li>
            ))}
          </ol>
        </ResultCard>
      </div>
    </div>
  );
}
