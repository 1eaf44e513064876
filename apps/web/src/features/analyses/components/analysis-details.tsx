import type { AnalysisResult } from '@sonhario/contracts/analyses';
import { ChevronDown, Drama, Eye, HeartPulse, MapPin, Shapes, Tags, type LucideIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DreamRef } from '@/components/dream-ref-text';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/lib/utils';
import { CitedText, type Level } from './analysis-parts';

/** The reading's details, each behind its count ('Ver símbolos (8)'): symbols, themes, emotions, characters, places… */

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

/** How strongly each emotion was felt, as a meter. */
function EmotionMeters({ emotions }: { emotions: AnalysisResult['emotions'] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3">
      {emotions.map(({ emotion, intensity }) => {
        const percent = Math.round(intensity * 100);
        const name = t(`dreams.emotions.${emotion}`);
        return (
          <li key={emotion} className="grid gap-1.5">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span>{name}</span>
              <span className="text-xs text-muted-foreground tabular-nums">{t('analyses.intensity', { percent })}</span>
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
  );
}

/**
 * The details of a finished reading, two columns from `sm`; a part with nothing in it is left out. `isOpenAtFirst`:
 * whether the parts start open (decision 043).
 */
export function AnalysisDetails({
  result,
  refs,
  level,
  isOpenAtFirst,
}: {
  result: AnalysisResult;
  refs: readonly DreamRef[];
  level: Level;
  isOpenAtFirst: boolean;
}) {
  const details = { level, isOpenAtFirst };
  return (
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
          <EmotionMeters emotions={result.emotions} />
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
  );
}
