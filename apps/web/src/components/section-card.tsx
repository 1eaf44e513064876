import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * A titled section of the profile and settings screens: a card whose heading names its region (h2), an icon in
 * a moonlit circle, a line saying what the section is for, and its content.
 */
export function SectionCard({
  id,
  icon: Icon,
  title,
  description,
  children,
  className,
  tone = 'default',
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  tone?: 'default' | 'danger';
}) {
  const titleId = `${id}-title`;
  return (
    <Card
      id={id}
      role="region"
      aria-labelledby={titleId}
      className={cn(
        'scroll-mt-20 gap-5 bg-card/60 backdrop-blur-sm',
        tone === 'danger' && 'border-destructive/40 bg-destructive/[0.06]',
        className,
      )}
    >
      <CardHeader className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-9 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
            tone === 'danger'
              ? 'bg-destructive/15 text-destructive ring-destructive/30'
              : 'bg-primary/15 text-primary ring-primary/25',
          )}
        >
          <Icon className="size-4" />
        </span>
        <div className="grid gap-1">
          <CardTitle asChild className="font-display text-lg font-semibold">
            <h2 id={titleId}>{title}</h2>
          </CardTitle>
          {description ? <CardDescription className="text-pretty">{description}</CardDescription> : null}
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  );
}

/** A server's refusal or a failed call, said once and announced (role="alert"). */
export function FormAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={cn(
        'rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-pretty text-red-800 dark:text-red-100',
        className,
      )}
    >
      {children}
    </p>
  );
}
