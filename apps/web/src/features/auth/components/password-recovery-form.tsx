import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { passwordRecoverySchema, type PasswordRecoveryValues } from '../schemas';
import { EmailField } from './email-field';
import { MailSentNotice } from './mail-sent-notice';

interface PasswordRecoveryFormProps {
  isDisabled: boolean;
  isBusy: boolean;
  /** The address the link went to, once sent. */
  sentTo: string | null;
  onSubmit: (values: PasswordRecoveryValues) => void;
  onBack: () => void;
}

/**
 * 'Esqueceu a senha?': asks for the e-mail and sends the recovery link. The confirmation reads the same
 * whether or not an account exists, like the server's answer, so the form cannot be used to probe accounts.
 */
export function PasswordRecoveryForm({ isDisabled, isBusy, sentTo, onSubmit, onBack }: PasswordRecoveryFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordRecoveryValues>({ resolver: zodResolver(passwordRecoverySchema), defaultValues: { email: '' } });
  const emailError = errors.email?.message;

  const back = (
    <Button variant="ghost" className="w-full text-muted-foreground" disabled={isDisabled} onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      {t('auth.recovery.backToLogin')}
    </Button>
  );

  if (sentTo) {
    return (
      <div className="grid gap-5">
        <MailSentNotice title={t('auth.recovery.sentTitle')} text={t('auth.recovery.sent', { email: sentTo })} />
        {back}
      </div>
    );
  }

  return (
    <form
      className="grid gap-5"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      aria-labelledby="recovery-title"
    >
      <div className="grid gap-1.5">
        <h2 id="recovery-title" className="font-display text-lg font-semibold">
          {t('auth.recovery.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('auth.recovery.description')}</p>
      </div>
      <EmailField id="recovery-email" error={emailError} registration={register('email')} />
      <Button type="submit" size="lg" className="w-full" disabled={isDisabled}>
        {isBusy ? <Spinner /> : null}
        {isBusy ? t('auth.recovery.busy') : t('auth.recovery.submit')}
      </Button>
      {back}
    </form>
  );
}
