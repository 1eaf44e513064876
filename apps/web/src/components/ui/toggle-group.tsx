import { cva, type VariantProps } from 'class-variance-authority';
import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@/lib/utils';

/** Chips and segmented choices: Radix's toggle group (arrow keys move, Space/Enter toggles). */
const toggleVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-1.5 rounded-full border text-sm font-medium whitespace-nowrap transition-[color,background-color,border-color,box-shadow] outline-none select-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        chip: 'border-border bg-input/15 text-muted-foreground hover:border-primary/40 hover:text-foreground data-[state=on]:border-primary/60 data-[state=on]:bg-primary/20 data-[state=on]:text-foreground',
        segment:
          'rounded-md border-border bg-input/15 text-muted-foreground hover:text-foreground data-[state=on]:border-primary/60 data-[state=on]:bg-primary/20 data-[state=on]:text-foreground',
      },
      size: {
        // 40 px: comfortable for a thumb at 6 a.m.
        default: 'h-10 px-3.5',
        sm: 'h-9 px-3',
      },
    },
    defaultVariants: { variant: 'chip', size: 'default' },
  },
);

function ToggleGroup({ className, ...props }: React.ComponentProps<typeof ToggleGroupPrimitive.Root>) {
  return (
    <ToggleGroupPrimitive.Root data-slot="toggle-group" className={cn('flex flex-wrap gap-2', className)} {...props} />
  );
}

function ToggleGroupItem({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<typeof ToggleGroupPrimitive.Item> & VariantProps<typeof toggleVariants>) {
  return (
    <ToggleGroupPrimitive.Item
      data-slot="toggle-group-item"
      className={cn(toggleVariants({ variant, size }), className)}
      {...props}
    />
  );
}

export { ToggleGroup, ToggleGroupItem, toggleVariants };
