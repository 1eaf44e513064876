import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/**
 * The privacy policy in a new tab, beside a consent (the sign-up form's, the consent question's): leaving the form or
 * the question to read it would lose the answer in progress.
 */
export function PrivacyPolicyLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href="/privacidade"
      target="_blank"
      rel="noopener"
      className={cn(
        'w-fit rounded-sm text-xs font-medium text-primary underline decoration-primary/40 underline-offset-4 outline-none hover:decoration-primary focus-visible:ring-[3px] focus-visible:ring-ring/60',
        className,
      )}
    >
      {t('legal.privacy')}
      <span className="sr-only"> {t('legal.newTab')}</span>
    </a>
  );
}
