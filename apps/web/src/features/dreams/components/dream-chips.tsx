import type { Emotion } from '@sonhario/contracts/dreams';
import { CloudLightning, Eye, Repeat } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { EMOTION_TONES } from '../emotion-tones';

const chipClass = 'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-medium ring-1 ring-inset';

/** The dream's emotions as small tinted chips (at most `max`, then "+n"). */
export function EmotionChips({
  emotions,
  max,
  className,
}: {
  emotions: readonly Emotion[];
  max?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  if (emotions.length === 0) return null;
  const shown = max === undefined ? emotions : emotions.slice(0, max);
  const hidden = emotions.length - shown.length;
  return (
    <ul className={cn('flex flex-wrap gap-1.5', className)} aria-label={t('dreams.fields.emotions')}>
      {shown.map((emotion) => (
        <li key={emotion} className={cn(chipClass, EMOTION_TONES[emotion])}>
          {t(`dreams.emotions.${emotion}`)}
        </li>
      ))}
      {hidden > 0 ? (
        <li className={cn(chipClass, 'bg-secondary text-muted-foreground ring-border')}>+{hidden}</li>
      ) : null}
    </ul>
  );
}

interface DreamKinds {
  lucidity: number;
  isNightmare: boolean;
  isRecurring: boolean;
}

/** 'Lúcido' (any lucidity), 'Pesadelo', 'Recorrente'. */
export function DreamBadges({ dream, className }: { dream: DreamKinds; className?: string }) {
  const { t } = useTranslation();
  const badges = [
    dream.lucidity > 0 && { key: 'lucid', icon: Eye, tone: 'bg-primary/15 text-primary ring-primary/30' },
    dream.isNightmare && {
      key: 'nightmare',
      icon: CloudLightning,
      tone: 'bg-destructive/15 text-red-700 dark:text-red-200 ring-destructive/35',
    },
    dream.isRecurring && {
      key: 'recurring',
      icon: Repeat,
      tone: 'bg-sky-300/10 text-sky-800 dark:text-sky-100 ring-sky-300/30',
    },
  ].filter(Boolean) as { key: 'lucid' | 'nightmare' | 'recurring'; icon: typeof Eye; tone: string }[];
  if (badges.length === 0) return null;
  return (
    <span className={cn('flex flex-wrap gap-1.5', className)}>
      {badges.map(({ key, icon: Icon, tone }) => (
        <span key={key} className={cn(chipClass, 'gap-1 px-2', tone)}>
          <Icon aria-hidden="true" className="size-3" />
          {t(`dreams.badges.${key}`)}
        </span>
      ))}
    </span>
  );
}
