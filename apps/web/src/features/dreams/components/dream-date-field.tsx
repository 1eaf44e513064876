// The dream form's date, heading the entry like a diary page's date (decision 041).
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function DreamDateField({
  id,
  max,
  error: dateError,
  registration,
}: {
  id: string;
  /** Today in the user's time zone: no dream is dated after it. */
  max: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<'dreamtOn'>;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <Label htmlFor={id}>{t('dreams.fields.dreamtOn')}</Label>
        <Input
          id={id}
          type="date"
          min="1900-01-01"
          max={max}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={describedBy(id, { error: dateError, hint: t('dreams.fields.dreamtOnHint') })}
          className="w-auto bg-card/40"
          {...registration}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('dreams.fields.dreamtOnHint')}
        </p>
      </div>
      {dateError ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {dateError}
        </p>
      ) : null}
    </div>
  );
}
