import { Check } from 'lucide-react';

interface FeatureDetail {
  /** The anchor its card's 'Learn More' points to. */
  id: string;
  feature: string;
  title: string;
  intro: string;
  points: readonly string[];
}

/** What each feature card's 'Learn More' opens: how the feature works, in the product's own terms. */
const FEATURE_DETAILS: readonly FeatureDetail[] = [
  {
    id: 'learn-ai',
    feature: 'AI-Powered Analysis',
    title: 'A reading of each dream, in seconds',
    intro:
      'Write the dream the way you remember it. The analysis reads it as a whole and gives back a short summary, the symbols and themes it noticed, the emotions running through it, and a gentle interpretation with questions to reflect on. A mirror, never a verdict.',
    points: [
      'Symbols, people and places, named in your own words',
      'The reading appears as it is written; cancel it and nothing is charged',
      'Runs only with your consent, which you can withdraw in Settings at any time',
      '5 analyses a month on Dreamer, 100 on Lucid, unlimited on Oracle',
      'On Lucid and Oracle: similar dreams, recurring dream signs and pattern charts across your journal',
    ],
  },
  {
    id: 'learn-streaks',
    feature: 'Streak & Rewards',
    title: 'A morning habit that rewards itself',
    intro:
      'Every day you record a dream keeps your streak alive, counted in your own time zone. Achievements mark the milestones along the way, and the credits you earn pay for analyses once the month’s are used up.',
    points: [
      'Your current streak on the dashboard, every milestone on the Rewards page',
      'Achievements such as a week in a row, a month of constancy, your first lucid dream',
      'Credits for the first dream of the day and for streak milestones',
      '10 credits pay for one analysis beyond your monthly quota',
      'Daily bonus credits on Lucid',
    ],
  },
  {
    id: 'learn-privacy',
    feature: 'Privacy First',
    title: 'Your dreams stay yours',
    intro:
      'A dream journal holds some of the most personal things you will ever write. Each journal is encrypted with a key of its own, and nothing in it is sold, shared or used for advertising.',
    points: [
      'Dreams, notes and tags encrypted with your own key; search works without storing your words in clear',
      'Dreams reach an AI only with your consent',
      'Export everything at any time, as a data file or a printable page',
      'Delete your account and its key goes with it: your dreams become unreadable in every copy, backups included',
      'GDPR and LGPD rights, explained in plain words in the privacy policy',
    ],
  },
];

/**
 * The explanations behind the feature cards. Its own chunk: the prerendered page holds its markup (so the cards'
 * anchors work before any JS), while the landing page's entry, which has a budget, carries only the import.
 */
export default function FeatureDetails() {
  return (
    <div className="mt-20 grid gap-6">
      {FEATURE_DETAILS.map(({ id, feature, title, intro, points }) => (
        <article
          key={id}
          id={id}
          tabIndex={-1}
          aria-labelledby={`${id}-title`}
          className="grid scroll-mt-20 gap-6 rounded-2xl border border-border/70 bg-card/50 p-6 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:p-8 md:grid-cols-[1fr_1.1fr] md:gap-10"
        >
          <div>
            <p className="text-sm font-semibold tracking-[0.2em] text-primary uppercase">{feature}</p>
            <h3 id={`${id}-title`} className="mt-3 font-display text-2xl font-semibold tracking-tight">
              {title}
            </h3>
            <p className="mt-4 leading-relaxed text-pretty text-muted-foreground">{intro}</p>
          </div>
          <ul className="grid content-start gap-3 text-[0.95rem]">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-2.5">
                <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-primary" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </article>
      ))}
    </div>
  );
}
