import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@sonhario/contracts/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { updatePassword } from '../api/auth-actions';
import { newPasswordSchema, type NewPasswordValues } from '../schemas';

/** 'Definir nova senha': the new password twice (min 6), then updateUser({ password }). */
export function NewPasswordForm({ onUpdated }: { onUpdated: () => void }) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const passwordError = errors.password?.message;
  const confirmationError = errors.confirmation?.message;
  const hint = t('auth.fields.passwordHint');

  const submit = async ({ password }: NewPasswordValues) => {
    if (isBusy) return;
    setIsBusy(true);
    const { ok } = await updatePassword(password);
    setIsBusy(false);
    if (ok) onUpdated();
  };

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => void handleSubmit(submit)(event)}
      aria-label={t('auth.reset.title')}
    >
      <FormField id="new-password" label={t('auth.fields.newPassword')} hint={hint} error={passwordError}>
        <PasswordInput
          id="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('new-password', { error: passwordError, hint })}
          {...register('password')}
        />
      </FormField>
      <FormField id="new-password-confirmation" label={t('auth.fields.confirmPassword')} error={confirmationError}>
        <PasswordInput
          id="new-password-confirmation"
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          aria-invalid={confirmationError ? true : undefined}
          aria-describedby={describedBy('new-password-confirmation', { error: confirmationError })}
          {...register('confirmation')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isBusy}>
        {isBusy ? <Spinner /> : null}
        {isBusy ? t('auth.reset.busy') : t('auth.reset.submit')}
      </Button>
    </form>
  );
}
