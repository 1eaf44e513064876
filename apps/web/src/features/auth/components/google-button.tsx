import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Google's "G", drawn inline (four paths) instead of an icon font or image request. */
function GoogleLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path
        fill="#4285F4"
        d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.58-5.17 3.58-8.81Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.96-1.07 7.94-2.92l-3.88-3c-1.07.72-2.45 1.15-4.06 1.15-3.13 0-5.78-2.11-6.72-4.95H1.27v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.28 14.28a7.2 7.2 0 0 1 0-4.56v-3.1H1.27a12 12 0 0 0 0 10.76l4.01-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.77c1.76 0 3.34.61 4.59 1.8l3.44-3.44A11.97 11.97 0 0 0 12 0 12 12 0 0 0 1.27 6.62l4.01 3.1C6.22 6.88 8.87 4.77 12 4.77Z"
      />
    </svg>
  );
}

/** The 'ou continue com' divider and the Google button, shared by both tabs. */
export function GoogleSignIn({
  disabled,
  isBusy,
  onClick,
}: {
  disabled: boolean;
  isBusy: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        <span>{t('auth.login.orContinueWith')}</span>
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <Button variant="outline" size="lg" className="w-full text-sm" disabled={disabled} onClick={onClick}>
        {isBusy ? <Spinner /> : <GoogleLogo />}
        {t('auth.login.google')}
      </Button>
    </div>
  );
}
