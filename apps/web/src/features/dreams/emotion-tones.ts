import type { Emotion } from '@sonhario/contracts/dreams';

/** A soft hue per emotion, so a list of dreams can be skimmed by feeling. Dimmed to suit the night theme; darker text in the light one. */
export const EMOTION_TONES: Record<Emotion, string> = {
  alegria: 'bg-amber-300/10 text-amber-800 dark:text-amber-100 ring-amber-300/25',
  medo: 'bg-slate-300/10 text-slate-800 dark:text-slate-100 ring-slate-300/25',
  tristeza: 'bg-sky-300/10 text-sky-800 dark:text-sky-100 ring-sky-300/25',
  raiva: 'bg-red-300/10 text-red-800 dark:text-red-100 ring-red-300/25',
  ansiedade: 'bg-orange-300/10 text-orange-800 dark:text-orange-100 ring-orange-300/25',
  surpresa: 'bg-fuchsia-300/10 text-fuchsia-800 dark:text-fuchsia-100 ring-fuchsia-300/25',
  vergonha: 'bg-rose-300/10 text-rose-800 dark:text-rose-100 ring-rose-300/25',
  culpa: 'bg-stone-300/10 text-stone-800 dark:text-stone-100 ring-stone-300/25',
  amor: 'bg-pink-300/10 text-pink-800 dark:text-pink-100 ring-pink-300/25',
  paz: 'bg-teal-300/10 text-teal-800 dark:text-teal-100 ring-teal-300/25',
  confusão: 'bg-violet-300/10 text-violet-800 dark:text-violet-100 ring-violet-300/25',
  nojo: 'bg-lime-300/10 text-lime-800 dark:text-lime-100 ring-lime-300/25',
};
