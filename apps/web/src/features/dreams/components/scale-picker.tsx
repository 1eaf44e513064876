import type { ReactNode } from 'react';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { cn } from '@/lib/utils';

export interface ScaleOption {
  value: number;
  /** What the button shows (a number, a face); the label is its accessible name. */
  face: ReactNode;
  label: string;
}

interface ScalePickerProps {
  id: string;
  /** The visible heading of the group (its accessible name comes from `labelledBy`). */
  labelledBy: string;
  describedBy?: string;
  options: readonly ScaleOption[];
  value: number | null;
  /** Choosing the selected option again clears it, unless the scale has no "not given" (`isRequired`). */
  onChange: (value: number | null) => void;
  isRequired?: boolean;
  /** The words under the two ends of a numeric scale ("Vago" … "Nítido"). */
  ends?: [string, string];
  /** Show each option's label on the button (short scales like lucidity). */
  showLabels?: boolean;
}

/** A 1–5 (or 0–3) scale as a row of radio buttons: arrows move, Space picks, touch targets 40 px. */
export function ScalePicker({
  id,
  labelledBy,
  describedBy,
  options,
  value,
  onChange,
  isRequired,
  ends,
  showLabels,
}: ScalePickerProps) {
  return (
    <div className="grid gap-1.5">
      <ToggleGroup
        id={id}
        type="single"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        value={value === null ? '' : String(value)}
        onValueChange={(next) => {
          if (next === '') {
            if (!isRequired) onChange(null);
            return;
          }
          onChange(Number(next));
        }}
        className={cn('grid gap-1.5', showLabels ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-5')}
      >
        {options.map((option) => (
          <ToggleGroupItem
            key={option.value}
            value={String(option.value)}
            variant="segment"
            aria-label={showLabels ? undefined : option.label}
            title={option.label}
            className={cn('w-full', showLabels ? 'px-2 text-sm' : 'text-base tabular-nums')}
          >
            {showLabels ? option.label : option.face}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
      {ends ? (
        <div aria-hidden="true" className="flex justify-between text-xs text-muted-foreground">
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </div>
      ) : null}
    </div>
  );
}
