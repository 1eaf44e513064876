import { ArrowRight, Brain, Flame, ShieldCheck, type LucideIcon } from 'lucide-react';
import { lazyPart } from '@/components/lazy-part';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { scrollToSection } from '../scroll-to-section';
import { SectionHeading } from './section-heading';

// The explanations' text is in the prerendered HTML and in a chunk of its own, not in this page's entry.
const FeatureDetails = lazyPart(() => import('./feature-details'));

interface Feature {
  /** Its explanation's anchor (feature-details.tsx). */
  details: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

const FEATURES: readonly Feature[] = [
  {
    details: 'learn-ai',
    title: 'AI-Powered Analysis',
    description:
      'Uncover the symbols, themes and emotions in every dream, with a gentle interpretation and questions to reflect on.',
    icon: Brain,
  },
  {
    details: 'learn-streaks',
    title: 'Streak & Rewards',
    description:
      'Build a morning habit that sticks. Keep your streak alive, unlock achievements and earn credits as you remember more.',
    icon: Flame,
  },
  {
    details: 'learn-privacy',
    title: 'Privacy First',
    description:
      'Your dreams are encrypted and never sold or shared. GDPR and LGPD compliant, with export and deletion whenever you want.',
    icon: ShieldCheck,
  },
];

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      tabIndex={-1}
      className="scroll-mt-20 px-4 py-16 outline-none sm:px-6 sm:py-24"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="Everything your nights are trying to tell you"
          description="A journal built for 6 a.m.: quick to write in half-asleep, and thoughtful when you come back to read."
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ details, title, description, icon: Icon }) => (
            <li key={title} className="flex">
              <Card className="group w-full bg-card/70 backdrop-blur-sm transition-colors hover:border-primary/40">
                <CardHeader className="gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-11 items-center justify-center rounded-xl bg-primary/15 text-primary ring-1 ring-primary/25 ring-inset"
                  >
                    <Icon className="size-5" />
                  </span>
                  <CardTitle asChild className="font-display text-xl font-semibold">
                    <h3>{title}</h3>
                  </CardTitle>
                  <CardDescription className="text-[0.95rem] leading-relaxed">{description}</CardDescription>
                </CardHeader>
                <CardFooter className="mt-auto">
                  {/* To its explanation below (decision 044): an anchor, so it works before the page's JS has run. */}
                  <Button
                    asChild
                    variant="ghost"
                    size="sm"
                    className="touch-target -ml-2.5 text-primary hover:text-primary"
                  >
                    <a
                      href={`#${details}`}
                      aria-label={`Learn More about ${title}`}
                      onClick={(event) => {
                        event.preventDefault();
                        scrollToSection(details);
                      }}
                    >
                      Learn More
                      <ArrowRight aria-hidden="true" />
                    </a>
                  </Button>
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
        <FeatureDetails />
      </div>
    </section>
  );
}
