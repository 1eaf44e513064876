import { MailWarning, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { MailSentNotice } from './mail-sent-notice';

interface ResendProps {
  isDisabled: boolean;
  isBusy: boolean;
  onResend: () => void;
}

/** The confirmation link again: the same button under the Login form and on the 'Confira seu email' panel. */
function ResendButton({
  isDisabled,
  isBusy,
  onResend,
  label,
  variant,
}: ResendProps & { label: string; variant: 'outline' | 'ghost' }) {
  return (
    <Button variant={variant} className="w-full" disabled={isDisabled} onClick={onResend}>
      {isBusy ? <Spinner /> : <RotateCw aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** Under the Login form, after a sign-in refused because the address is not confirmed yet: why, and another link. */
export function NotConfirmedNote(props: ResendProps) {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-amber-400/30 bg-amber-400/[0.07] p-4">
      <p className="flex items-start gap-2.5 text-sm text-pretty">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
        {t('auth.signIn.notConfirmed')}
      </p>
      <ResendButton {...props} variant="outline" label={t('auth.signIn.resend')} />
    </div>
  );
}

/**
 * After a sign-up that needs its e-mail confirmed: where the link went, the same link again for a message that did
 * not arrive (the server spaces them), and the way back to the Login tab.
 */
export function SignUpSent({
  email,
  onBackToLogin,
  ...resend
}: ResendProps & { email: string; onBackToLogin: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5">
      <MailSentNotice title={t('auth.signUp.sentTitle')} text={t('auth.signUp.sent', { email })} />
      <ResendButton
        {...resend}
        variant="ghost"
        label={resend.isBusy ? t('auth.signUp.resendBusy') : t('auth.signUp.resend')}
      />
      <Button variant="outline" className="w-full" onClick={onBackToLogin}>
        {t('auth.signUp.backToLogin')}
      </Button>
    </div>
  );
}
