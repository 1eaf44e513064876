import { MailCheck, MailWarning, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

interface ResendProps {
  isDisabled: boolean;
  isBusy: boolean;
  onResend: () => void;
}

/** Under the Login form, after a sign-in refused because the address is not confirmed yet: why, and another link. */
export function NotConfirmedNote({ isDisabled, isBusy, onResend }: ResendProps) {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-amber-400/30 bg-amber-400/[0.07] p-4">
      <p className="flex items-start gap-2.5 text-sm text-pretty">
        <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300" />
        {t('auth.signIn.notConfirmed')}
      </p>
      <Button variant="outline" className="w-full" disabled={isDisabled} onClick={onResend}>
        {isBusy ? <Spinner /> : <RotateCw aria-hidden="true" />}
        {t('auth.signIn.resend')}
      </Button>
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
      <div
        role="status"
        className="grid justify-items-center gap-3 rounded-lg border border-primary/25 bg-primary/10 p-5 text-center"
      >
        <MailCheck aria-hidden="true" className="size-8 text-primary" />
        <h2 className="font-display text-lg font-semibold">{t('auth.signUp.sentTitle')}</h2>
        <p className="text-sm text-pretty text-muted-foreground">{t('auth.signUp.sent', { email })}</p>
      </div>
      <Button variant="ghost" className="w-full" disabled={resend.isDisabled} onClick={resend.onResend}>
        {resend.isBusy ? <Spinner /> : <RotateCw aria-hidden="true" />}
        {resend.isBusy ? t('auth.signUp.resendBusy') : t('auth.signUp.resend')}
      </Button>
      <Button variant="outline" className="w-full" onClick={onBackToLogin}>
        {t('auth.signUp.backToLogin')}
      </Button>
    </div>
  );
}
