import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sonhario/contracts/auth';
import type { User } from '@supabase/supabase-js';
import { KeyRound } from 'lucide-react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { describedBy, FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { FormAlert, SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { hasPassword } from '@/lib/has-password';
import { authErrorCode, authErrorMessage } from '@/lib/auth-error-message';
import { useChangePassword } from '../api/use-change-password';
import { passwordChangeSchema, type PasswordChangeValues } from '../schemas';

/**
 * 'Senha': the current password, then the new one twice (6–72). A wrong current password is said beside its field;
 * a weak or repeated new one beside the new field; anything else above the button. Success signs out every other
 * device (the server's doing), and the toast says so.
 */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmation: '' },
  });

  if (!hasPassword(user)) {
    return (
      <SectionCard id="senha" icon={KeyRound} title={t('settings.password.title')}>
        <p className="text-sm text-pretty text-muted-foreground">{t('settings.password.noPassword')}</p>
      </SectionCard>
    );
  }

  const currentError = errors.currentPassword?.message;
  const newError = errors.newPassword?.message;
  const confirmationError = errors.confirmation?.message;
  const code = changePassword.isError ? authErrorCode(changePassword.error) : null;
  const isFieldError =
    code === 'current_password_invalid' ||
    code === 'current_password_required' ||
    code === 'weak_password' ||
    code === 'same_password';

  const submit = ({ currentPassword, newPassword }: PasswordChangeValues) => {
    if (changePassword.isPending) return;
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          toast.success(t('settings.password.success'));
        },
        onError: (error) => {
          const message = authErrorMessage(error);
          switch (authErrorCode(error)) {
            case 'current_password_invalid':
            case 'current_password_required':
              setError('currentPassword', { message }, { shouldFocus: true });
              break;
            case 'weak_password':
            case 'same_password':
              setError('newPassword', { message }, { shouldFocus: true });
              break;
            default:
              break;
          }
        },
      },
    );
  };

  return (
    <SectionCard
      id="senha"
      icon={KeyRound}
      title={t('settings.password.title')}
      description={t('settings.password.description')}
    >
      <form
        className="grid gap-5"
        aria-label={t('settings.password.formLabel')}
        onSubmit={(event) => void handleSubmit(submit)(event)}
        noValidate
      >
        {/* Lets password managers file the change under the right account. */}
        <input type="email" name="username" autoComplete="username" value={user.email ?? ''} readOnly hidden />
        <FormField id="current-password" label={t('settings.password.current')} error={currentError}>
          <PasswordInput
            id="current-password"
            required
            autoComplete="current-password"
            aria-invalid={currentError ? true : undefined}
            aria-describedby={describedBy('current-password', { error: currentError })}
            {...register('currentPassword')}
          />
        </FormField>
        <NewPasswordFields register={register} newError={newError} confirmationError={confirmationError} />
        {/* Field errors are announced here too: FormField's text is read when the field is, not when it appears. */}
        {changePassword.isError ? (
          isFieldError ? (
            <p role="alert" className="sr-only">
              {authErrorMessage(changePassword.error)}
            </p>
          ) : (
            <FormAlert>{authErrorMessage(changePassword.error)}</FormAlert>
          )
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" size="lg" className="w-full sm:h-10 sm:w-auto" disabled={changePassword.isPending}>
            {changePassword.isPending ? <Spinner /> : null}
            {changePassword.isPending ? t('settings.password.busy') : t('settings.password.submit')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

/** The new password, then the same again. */
function NewPasswordFields({
  register,
  newError,
  confirmationError,
}: {
  register: UseFormRegister<PasswordChangeValues>;
  newError: string | undefined;
  confirmationError: string | undefined;
}) {
  const { t } = useTranslation();
  const newHint = t('settings.password.newHint');
  return (
    <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
      <FormField id="new-password" label={t('settings.password.new')} hint={newHint} error={newError}>
        <PasswordInput
          id="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="new-password"
          aria-invalid={newError ? true : undefined}
          aria-describedby={describedBy('new-password', { error: newError, hint: newHint })}
          {...register('newPassword')}
        />
      </FormField>
      <FormField id="new-password-confirmation" label={t('settings.password.confirmation')} error={confirmationError}>
        <PasswordInput
          id="new-password-confirmation"
          required
          autoComplete="new-password"
          aria-invalid={confirmationError ? true : undefined}
          aria-describedby={describedBy('new-password-confirmation', { error: confirmationError })}
          {...register('confirmation')}
        />
      </FormField>
    </div>
  );
}
