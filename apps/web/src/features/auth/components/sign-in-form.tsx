import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { signInSchema, type SignInValues } from '../schemas';
import { EmailField } from './email-field';

interface SignInFormProps {
  isDisabled: boolean;
  isBusy: boolean;
  onSubmit: (values: SignInValues) => void;
  onForgotPassword: () => void;
}

/** The Login tab's form: e-mail (type email, required), password (required, show/hide), 'Entrar'. */
export function SignInForm({ isDisabled, isBusy, onSubmit, onForgotPassword }: SignInFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-label={t('auth.login.tabLogin')}
    >
      <EmailField id="signin-email" error={emailError} registration={register('email')} />
      <FormField
        id="signin-password"
        label={t('auth.fields.password')}
        error={passwordError}
        labelAside={
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0 py-0 text-xs"
            disabled={isDisabled}
            onClick={onForgotPassword}
          >
            {t('auth.signIn.forgotPassword')}
          </Button>
        }
      >
        <PasswordInput
          id="signin-password"
          required
          autoComplete="current-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('signin-password', { error: passwordError })}
          {...register('password')}
        />
      </FormField>
      <Button type="submit" size="lg" className="w-full" disabled={isDisabled}>
        {isBusy ? <Spinner /> : null}
        {isBusy ? t('auth.signIn.busy') : t('auth.signIn.submit')}
      </Button>
    </form>
  );
}
