import { cn } from '@/lib/utils';

/** A slim moonlit bar (role progressbar), as the credits quota's: the width eases in, still for reduced motion. */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
  className,
  isMuted = false,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
  className?: string;
  isMuted?: boolean;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-secondary', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-700 motion-reduce:transition-none',
          isMuted ? 'bg-muted-foreground/40' : 'bg-gradient-to-r from-primary/55 to-primary',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
