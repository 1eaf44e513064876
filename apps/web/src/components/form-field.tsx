import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown beside the label, right-aligned (e.g. a "forgot password" link). */
  labelAside?: ReactNode;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}

/** The ids a control inside FormField should name in aria-describedby. */
export function describedBy(id: string, { hint, error }: { hint?: string; error?: string }) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

/** Label, control, hint and error message, wired for screen readers (the control sets id and aria-*). */
export function FormField({ id, label, labelAside, hint, error, className, children }: FormFieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex min-h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
