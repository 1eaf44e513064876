import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@supabase/supabase-js';
import { UserRound } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { describedBy, FormField } from '@/components/form-field';
import { FormAlert, SectionCard } from '@/components/section-card';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { getDisplayName, getInitials } from '@/lib/user-display';
import { authErrorMessage } from '@/lib/auth-error-message';
import { useUpdateName } from '../api/use-update-user';
import { NAME_MAX_LENGTH, nameSchema, type NameValues } from '../schemas';

const metadataText = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Nome and Sobrenome, with a live preview of the avatar they make. Saving updates the auth user's metadata; the
 * greeting and the header's initials follow from the USER_UPDATED event, without a reload.
 */
export function NameForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const updateName = useUpdateName();
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isDirty },
  } = useForm<NameValues>({
    resolver: zodResolver(nameSchema),
    defaultValues: {
      firstName: metadataText(user.user_metadata.first_name),
      lastName: metadataText(user.user_metadata.last_name),
    },
  });
  const [firstName, lastName] = useWatch({ control, name: ['firstName', 'lastName'] });
  const preview = { email: user.email, user_metadata: { first_name: firstName, last_name: lastName } };
  const initials = getInitials(preview);
  const firstNameError = errors.firstName?.message;
  const lastNameError = errors.lastName?.message;

  const submit = (values: NameValues) => {
    if (updateName.isPending) return;
    updateName.mutate(values, {
      onSuccess: () => {
        reset(values);
        toast.success(t('profile.name.saved'));
      },
    });
  };

  return (
    <SectionCard id="nome" icon={UserRound} title={t('profile.name.title')} description={t('profile.name.description')}>
      <form
        className="grid gap-5"
        aria-labelledby="nome-title"
        onSubmit={(event) => void handleSubmit(submit)(event)}
        noValidate
      >
        <div className="flex items-center gap-4 rounded-lg border border-border/70 bg-background/30 px-4 py-3">
          <Avatar className="size-14 ring-1 ring-primary/40" aria-hidden="true">
            <AvatarFallback className="bg-gradient-to-br from-primary/45 to-primary/15 text-lg font-semibold tracking-wide text-foreground">
              {initials}
            </AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 gap-0.5">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {t('profile.name.preview')}
            </p>
            <p className="truncate font-medium" data-testid="name-preview">
              {getDisplayName(preview)}
            </p>
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
          <FormField id="profile-first-name" label={t('profile.name.firstName')} error={firstNameError}>
            <Input
              id="profile-first-name"
              autoComplete="given-name"
              maxLength={NAME_MAX_LENGTH}
              aria-invalid={firstNameError ? true : undefined}
              aria-describedby={describedBy('profile-first-name', { error: firstNameError })}
              {...register('firstName')}
            />
          </FormField>
          <FormField id="profile-last-name" label={t('profile.name.lastName')} error={lastNameError}>
            <Input
              id="profile-last-name"
              autoComplete="family-name"
              maxLength={NAME_MAX_LENGTH}
              aria-invalid={lastNameError ? true : undefined}
              aria-describedby={describedBy('profile-last-name', { error: lastNameError })}
              {...register('lastName')}
            />
          </FormField>
        </div>
        {updateName.isError ? <FormAlert>{authErrorMessage(updateName.error)}</FormAlert> : null}
        <div className="flex justify-end">
          <Button
            type="submit"
            size="lg"
            className="w-full sm:h-10 sm:w-auto"
            disabled={updateName.isPending || !isDirty}
          >
            {updateName.isPending ? <Spinner /> : null}
            {updateName.isPending ? t('profile.name.busy') : t('profile.name.submit')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
