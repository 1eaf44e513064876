import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';

interface EmailFieldProps {
  id: string;
  error?: string;
  registration: UseFormRegisterReturn;
}

/** The e-mail field every auth form shares: type email, required, with its label, placeholder and error. */
export function EmailField({ id, error, registration }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={t('auth.fields.email')} error={error}>
      <Input
        id={id}
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        placeholder={t('auth.fields.emailPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        {...registration}
      />
    </FormField>
  );
}
