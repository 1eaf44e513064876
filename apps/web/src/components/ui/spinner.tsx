import { Loader2 } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A busy indicator. Pass `label` (announced politely) unless surrounding text already says what is loading. */
function Spinner({ className, label, ...props }: React.ComponentProps<typeof Loader2> & { label?: string }) {
  const icon = (
    <Loader2
      data-slot="spinner"
      aria-hidden="true"
      className={cn('size-4 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', className)}
      {...props}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner };
