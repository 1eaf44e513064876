import type { DreamType } from '@sonhario/contracts/analyses';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { DREAM_TYPE_TONES } from '../dream-type-tones';

/** The type an analysis gave a dream ('Pesadelo', 'Lúcido'…), as a tinted chip; `children` follow the name (a count). */
export function DreamTypeBadge({
  dreamType,
  className,
  children,
}: {
  dreamType: DreamType;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1 rounded-full px-2.5 text-xs font-medium ring-1 ring-inset',
        DREAM_TYPE_TONES[dreamType],
        className,
      )}
    >
      {t(`analytics.dreamTypes.${dreamType}`)}
      {children}
    </span>
  );
}
