import { Brain, Moon } from 'lucide-react';

const THEMES = ['Freedom', 'Water', 'Transformation'];

/** An illustration of a journal entry and its analysis, built from markup instead of a heavy image. */
export function DreamPreview() {
  return (
    <div aria-hidden="true" className="mx-auto mt-16 max-w-4xl sm:mt-20">
      <div className="grid gap-px overflow-hidden rounded-2xl border bg-border/60 shadow-[0_30px_120px_-30px_var(--glow)] sm:grid-cols-[1.15fr_1fr]">
        <div className="bg-card p-6 text-left sm:p-8">
          <div className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
            <Moon className="size-3.5 text-primary" />
            Last night · written at 6:12 AM
          </div>
          <p className="mt-4 font-display text-xl font-medium">The silver ocean</p>
          <p className="mt-3 text-sm leading-relaxed text-muted-foreground">
            I was flying low over a silver ocean. The water kept changing colour whenever I looked down, and somewhere
            far away a bell was ringing. I wasn’t afraid at all.
          </p>
          <div className="mt-5 flex gap-1.5">
            {[0, 1, 2, 3, 4].map((i) => (
              <span key={i} className={i < 4 ? 'size-2 rounded-full bg-primary' : 'size-2 rounded-full bg-muted'} />
            ))}
            <span className="ml-2 text-xs text-muted-foreground">Vivid</span>
          </div>
        </div>
        <div className="bg-[color-mix(in_oklab,var(--secondary)_65%,var(--card))] p-6 text-left sm:p-8">
          <div className="flex items-center gap-2 text-xs font-medium text-primary">
            <Brain className="size-3.5" />
            AI insight
          </div>
          <p className="mt-4 text-sm leading-relaxed text-foreground/90">
            Flying over water often reflects a wish for freedom while staying close to your emotions. The calm you felt
            suggests you are ready for a change.
          </p>
          <div className="mt-5 flex flex-wrap gap-2">
            {THEMES.map((theme) => (
              <span
                key={theme}
                className="rounded-full border border-primary/25 bg-primary/10 px-2.5 py-0.5 text-xs text-primary"
              >
                {theme}
              </span>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
