import { zodResolver } from '@hookform/resolvers/zod';
import { DELETE_ACCOUNT_CONFIRMATION } from '@sonhario/contracts/account';
import { TriangleAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { describedBy, FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { FormAlert, SectionCard } from '@/components/section-card';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/hooks/use-auth';
import { isApiError } from '@/lib/api-client';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { hasPassword } from '@/lib/has-password';
import { useDeleteAccount } from '../api/use-delete-account';
import { useLeaveAfterDeletion } from '../hooks/use-leave-after-deletion';

const deleteFormSchema = z.object({ password: z.string(), confirmation: z.string() });
type DeleteFormValues = z.infer<typeof deleteFormSchema>;

/** Typed exactly (surrounding spaces aside, which a paste often brings). */
const isConfirmed = (text: string) => text.trim() === DELETE_ACCOUNT_CONFIRMATION;

function DeleteAccountForm({
  isPasswordUser,
  onCancel,
  onReauthenticate,
}: {
  isPasswordUser: boolean;
  onCancel: () => void;
  onReauthenticate: () => void;
}) {
  const { t } = useTranslation();
  const deleteAccount = useDeleteAccount();
  const errorMessage = useApiErrorMessage();
  const { isLeaving, leave } = useLeaveAfterDeletion();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<DeleteFormValues>({
    resolver: zodResolver(deleteFormSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const [password, confirmation] = useWatch({ control, name: ['password', 'confirmation'] });
  const isReady = isConfirmed(confirmation) && (!isPasswordUser || password.length > 0);
  const isBusy = deleteAccount.isPending || isLeaving;
  const errorCode = deleteAccount.isError && isApiError(deleteAccount.error) ? deleteAccount.error.code : null;
  const isReauthNeeded = errorCode === 'reauthentication_needed';
  const passwordError = errors.password?.message;
  const confirmationError = errors.confirmation?.message;

  const submit = async ({ password: typedPassword, confirmation: typed }: DeleteFormValues) => {
    if (isBusy || !isReady) return;
    try {
      await deleteAccount.mutateAsync({
        ...(isPasswordUser ? { password: typedPassword } : {}),
        confirmation: typed.trim() as typeof DELETE_ACCOUNT_CONFIRMATION,
      });
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      if (code === 'invalid_credentials' || code === 'password_required') {
        setError(
          'password',
          {
            message: t(
              code === 'invalid_credentials' ? 'account.delete.invalidPassword' : 'account.delete.passwordRequired',
            ),
          },
          { shouldFocus: true },
        );
      }
      return;
    }
    await leave();
  };

  const otherError =
    deleteAccount.isError && !isReauthNeeded && errorCode !== 'invalid_credentials' && errorCode !== 'password_required'
      ? errorMessage(deleteAccount.error)
      : null;

  return (
    <form
      className="grid gap-4"
      aria-label={t('account.delete.dialogTitle')}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      noValidate
    >
      {isPasswordUser ? (
        <FormField id="delete-password" label={t('account.delete.password')} error={passwordError}>
          <PasswordInput
            id="delete-password"
            autoComplete="current-password"
            required
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={describedBy('delete-password', { error: passwordError })}
            {...register('password')}
          />
        </FormField>
      ) : (
        <p className="text-sm text-pretty text-muted-foreground">{t('account.delete.googleNote')}</p>
      )}
      <ConfirmationField error={confirmationError} registration={register('confirmation')} />
      {passwordError ? (
        <p role="alert" className="sr-only">
          {passwordError}
        </p>
      ) : null}
      {isReauthNeeded ? <ReauthNotice onReauthenticate={onReauthenticate} /> : null}
      {otherError ? <FormAlert>{otherError}</FormAlert> : null}
      <AlertDialogFooter className="pt-1">
        <AlertDialogCancel disabled={isBusy} onClick={onCancel}>
          {t('account.delete.cancel')}
        </AlertDialogCancel>
        {/* A submit button, not AlertDialog.Action: the dialog stays open (busy) until the server answers. */}
        <Button type="submit" variant="destructive" size="lg" className="sm:h-10" disabled={!isReady || isBusy}>
          {isBusy ? <Spinner /> : <Trash2 aria-hidden="true" />}
          {isBusy ? t('account.delete.deleting') : t('account.delete.confirm')}
        </Button>
      </AlertDialogFooter>
    </form>
  );
}

/** The words DELETE_ACCOUNT_CONFIRMATION, to type exactly. */
function ConfirmationField({
  error: confirmationError,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn<'confirmation'>;
}) {
  const { t } = useTranslation();
  const confirmationHint = t('account.delete.confirmationHint');
  return (
    <FormField
      id="delete-confirmation"
      label={
        <span>
          {t('account.delete.confirmationLabel')}{' '}
          <strong className="font-mono font-semibold tracking-wide text-foreground">
            {DELETE_ACCOUNT_CONFIRMATION}
          </strong>
        </span>
      }
      hint={confirmationHint}
      error={confirmationError}
    >
      <Input
        id="delete-confirmation"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        aria-invalid={confirmationError ? true : undefined}
        aria-describedby={describedBy('delete-confirmation', { hint: confirmationHint, error: confirmationError })}
        {...registration}
      />
    </FormField>
  );
}

/** The server asks for a fresh sign-in (a Google account's proof) before it deletes. */
function ReauthNotice({ onReauthenticate }: { onReauthenticate: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="grid gap-3 rounded-md border border-amber-500/40 bg-amber-400/10 px-3 py-3 text-sm text-pretty"
    >
      <p>{t('account.delete.reauth')}</p>
      <Button variant="outline" className="h-10 w-full sm:w-fit" onClick={onReauthenticate}>
        {t('account.delete.reauthButton')}
      </Button>
    </div>
  );
}

/**
 * The danger zone: 'Excluir conta' opens a dialog asking for the password (none for Google-only accounts, which
 * prove themselves with a fresh sign-in) and the words DELETE_ACCOUNT_CONFIRMATION typed exactly; the button works
 * only then. Afterwards the session is forgotten here and the visitor lands on '/' with 'Sua conta foi excluída.'.
 * `onReauthenticate` runs the fresh Google sign-in the server may ask for (the page passes the auth feature's).
 */
export function DeleteAccountSection({ onReauthenticate }: { onReauthenticate: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const isPasswordUser = hasPassword(user);

  return (
    <SectionCard
      id="excluir-conta"
      icon={TriangleAlert}
      tone="danger"
      title={t('account.delete.zone')}
      description={t('account.delete.description')}
    >
      <AlertDialog open={isOpen} onOpenChange={setIsOpen}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive" size="lg" className="w-full sm:h-10 sm:w-fit">
            <Trash2 aria-hidden="true" />
            {t('account.delete.open')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <span
              aria-hidden="true"
              className="mx-auto flex size-11 items-center justify-center rounded-full bg-destructive/15 text-destructive ring-1 ring-destructive/30 ring-inset sm:mx-0"
            >
              <TriangleAlert className="size-5" />
            </span>
            <AlertDialogTitle>{t('account.delete.dialogTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('account.delete.dialogText')}</AlertDialogDescription>
          </AlertDialogHeader>
          {/* Mounted with the dialog: closing it forgets what was typed. */}
          {isOpen ? (
            <DeleteAccountForm
              isPasswordUser={isPasswordUser}
              onCancel={() => setIsOpen(false)}
              onReauthenticate={onReauthenticate}
            />
          ) : null}
        </AlertDialogContent>
      </AlertDialog>
    </SectionCard>
  );
}
