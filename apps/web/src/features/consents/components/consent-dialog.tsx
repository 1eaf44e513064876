import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PrivacyPolicyLink } from '@/components/privacy-policy-link';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRecordConsent } from '../api/use-record-consent';
import { ConsentQuote } from './consent-quote';

/**
 * The consent question, with CONSENT_TEXT word for word (the text the server records the version of). Both answers
 * are recorded: 'Concordo' grants, 'Agora não' declines. The dialog stays open until the server has the answer;
 * closing it otherwise (Esc) records nothing. Focus starts on 'Agora não', the answer that commits to nothing.
 */
export function ConsentDialog({
  open,
  onOpenChange,
  onAnswered,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server recorded the answer (the dialog is closing). */
  onAnswered?: (isGranted: boolean) => void;
}) {
  const { t } = useTranslation();
  const recordConsent = useRecordConsent();
  const answering = recordConsent.isPending ? recordConsent.variables : undefined;

  function answer(isGranted: boolean) {
    recordConsent.mutate(isGranted, {
      onSuccess: () => {
        onOpenChange(false);
        onAnswered?.(isGranted);
      },
    });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (recordConsent.isPending) return;
        if (!next) recordConsent.reset();
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <span
            aria-hidden="true"
            className="mx-auto flex size-11 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/30 ring-inset sm:mx-0"
          >
            <ShieldCheck className="size-5" />
          </span>
          <AlertDialogTitle>{t('consents.title')}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-3 text-left">
              <p>{t('consents.intro')}</p>
              <ConsentQuote className="rounded-lg px-4 py-3 text-foreground" />
              <p>{t('consents.note')}</p>
              <PrivacyPolicyLink className="text-sm" />
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        {recordConsent.isError ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-red-800 dark:text-red-100"
          >
            {t('consents.error')}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel
            disabled={recordConsent.isPending}
            onClick={(event) => {
              // Recorded first ('declined'); the dialog closes when the server has it.
              event.preventDefault();
              answer(false);
            }}
          >
            {answering === false ? <Spinner /> : null}
            {answering === false ? t('consents.saving') : t('consents.decline')}
          </AlertDialogCancel>
          <Button size="lg" className="sm:h-10" disabled={recordConsent.isPending} onClick={() => answer(true)}>
            {answering === true ? <Spinner /> : null}
            {answering === true ? t('consents.saving') : t('consents.agree')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
