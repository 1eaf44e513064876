import { ArrowRight, Play, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DreamPreview } from './dream-preview';

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative px-4 pt-14 pb-8 sm:px-6 sm:pt-24 sm:pb-12">
      <div className="mx-auto flex max-w-4xl flex-col items-center text-center">
        <Badge
          variant="outline"
          className="gap-1.5 rounded-full border-primary/30 bg-primary/10 px-3 py-1 text-sm text-primary [&>svg]:size-3.5"
        >
          <Sparkles aria-hidden="true" />
          AI-Powered Dream Analysis
        </Badge>
        <h1
          id="hero-title"
          className="mt-6 font-display text-4xl leading-[1.08] font-semibold tracking-tight sm:text-6xl lg:text-7xl"
        >
          Transform Your Dreams <span className="text-moonlight">Into Insights</span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground sm:text-xl">
          Capture your dreams the moment you wake. Our AI uncovers the symbols, emotions and patterns hidden in your
          nights, privately and gently.
        </p>
        <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" className="shadow-[0_0_40px_-8px_var(--glow)]">
            <Link to="/login?tab=signup">
              Start Your Dream Journey
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          {/* The interactive demo, a sample journal with no account (docs/decisions/039-demo.md). */}
          <Button asChild variant="outline" size="lg">
            <Link to="/demo">
              <Play aria-hidden="true" />
              Watch Demo
            </Link>
          </Button>
        </div>
      </div>
      <DreamPreview />
    </section>
  );
}
