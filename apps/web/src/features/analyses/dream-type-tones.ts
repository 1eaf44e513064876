import type { DreamType } from '@sonhario/contracts/analyses';

/** A soft hue per dream type, matching the journal's badges (lucid: the primary violet, nightmare: red…). */
export const DREAM_TYPE_TONES: Record<DreamType, string> = {
  comum: 'bg-secondary text-secondary-foreground ring-border',
  lúcido: 'bg-primary/15 text-primary ring-primary/30',
  pesadelo: 'bg-destructive/15 text-red-700 ring-destructive/35 dark:text-red-200',
  recorrente: 'bg-sky-300/10 text-sky-800 ring-sky-300/30 dark:text-sky-100',
  vívido: 'bg-amber-300/10 text-amber-800 ring-amber-300/30 dark:text-amber-100',
};
