import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@supabase/supabase-js';
import { Mail, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { FormAlert, SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { authErrorMessage } from '@/lib/auth-error-message';
import { useChangeEmail } from '../api/use-update-user';
import { emailChangeSchema, type EmailChangeValues } from '../schemas';

/**
 * The account's e-mail, changed by confirmation: the server mails a link to the new address and the account keeps
 * the current one until that link is opened. A change already waiting for its link is shown (user.new_email).
 */
export function EmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const changeEmail = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<EmailChangeValues>({ resolver: zodResolver(emailChangeSchema), defaultValues: { email: '' } });
  const emailError = errors.email?.message;
  const pending = sentTo ?? user.new_email ?? null;

  const submit = ({ email }: EmailChangeValues) => {
    if (changeEmail.isPending) return;
    if (email.toLowerCase() === (user.email ?? '').toLowerCase()) {
      setError('email', { message: t('profile.email.same') }, { shouldFocus: true });
      return;
    }
    setSentTo(null);
    changeEmail.mutate(email, {
      onSuccess: () => {
        setSentTo(email);
        reset({ email: '' });
      },
    });
  };

  return (
    <SectionCard id="email" icon={Mail} title={t('profile.email.title')} description={t('profile.email.description')}>
      <dl className="grid gap-1 rounded-lg border border-border/70 bg-background/30 px-4 py-3 text-sm">
        <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('profile.email.current')}
        </dt>
        <dd className="font-medium break-all">{user.email}</dd>
        {pending && !sentTo ? (
          <dd className="text-muted-foreground">{t('profile.email.pending', { email: pending })}</dd>
        ) : null}
      </dl>
      {/* Always present, so screen readers announce the confirmation when it appears. */}
      <div role="status" className="empty:hidden">
        {sentTo ? (
          <div className="flex gap-3 rounded-lg border border-primary/30 bg-primary/10 px-4 py-3 text-sm text-pretty">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <p>{t('profile.email.sent', { email: sentTo })}</p>
          </div>
        ) : null}
      </div>
      <form
        className="grid gap-5"
        aria-label={t('profile.email.formLabel')}
        onSubmit={(event) => void handleSubmit(submit)(event)}
        noValidate
      >
        <FormField id="profile-new-email" label={t('profile.email.newEmail')} error={emailError}>
          <Input
            id="profile-new-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy('profile-new-email', { error: emailError })}
            {...register('email')}
          />
        </FormField>
        {changeEmail.isError ? <FormAlert>{authErrorMessage(changeEmail.error)}</FormAlert> : null}
        <div className="flex justify-end">
          <Button
            type="submit"
            size="lg"
            variant="outline"
            className="w-full sm:h-10 sm:w-auto"
            disabled={changeEmail.isPending}
          >
            {changeEmail.isPending ? <Spinner /> : null}
            {changeEmail.isPending ? t('profile.email.busy') : t('profile.email.submit')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
