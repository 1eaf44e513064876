import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@sonhario/contracts/auth';
import type { PaidPlanId } from '@sonhario/contracts/billing';
import { CONSENT_TEXT } from '@sonhario/contracts/consents';
import { PLAN_NAMES } from '@sonhario/contracts/credits';
import { Gem } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { PrivacyPolicyLink } from '@/components/privacy-policy-link';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { signUpSchema, type SignUpValues } from '../schemas';
import { EmailField } from './email-field';

interface SignUpFormProps {
  isDisabled: boolean;
  isBusy: boolean;
  /** The plan chosen on the landing page, if any: named above the fields. */
  chosenPlan?: PaidPlanId | null;
  onSubmit: (values: SignUpValues) => void;
}

/**
 * The Cadastro tab's form: Nome and Sobrenome (optional), e-mail, password (minLength 6) and the
 * LGPD consent. 'Criar conta' stays disabled until the consent is ticked, and submitting without it
 * does nothing (spec section 5).
 */
export function SignUpForm({ isDisabled, isBusy, chosenPlan = null, onSubmit }: SignUpFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '', consent: false },
  });
  const hasConsent = useWatch({ control, name: 'consent' });
  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;

  return (
    <form
      className="grid gap-5"
      aria-label={t('auth.login.tabSignUp')}
      onSubmit={(event) =>
        void handleSubmit((values) => {
          if (values.consent) onSubmit(values);
        })(event)
      }
    >
      {chosenPlan ? (
        <p className="flex items-center gap-2 justify-self-start rounded-full border border-primary/30 bg-primary/10 px-3 py-1 text-sm text-foreground">
          <Gem aria-hidden="true" className="size-4 text-primary" />
          {t('auth.signUp.chosenPlan', { plan: PLAN_NAMES[chosenPlan] })}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2 sm:gap-4">
        <FormField id="signup-first-name" label={t('auth.fields.firstName')}>
          <Input
            id="signup-first-name"
            autoComplete="given-name"
            placeholder={t('auth.fields.firstNamePlaceholder')}
            {...register('firstName')}
          />
        </FormField>
        <FormField id="signup-last-name" label={t('auth.fields.lastName')}>
          <Input
            id="signup-last-name"
            autoComplete="family-name"
            placeholder={t('auth.fields.lastNamePlaceholder')}
            {...register('lastName')}
          />
        </FormField>
      </div>
      <EmailField id="signup-email" error={emailError} registration={register('email')} />
      <FormField
        id="signup-password"
        label={t('auth.fields.password')}
        hint={t('auth.fields.passwordHint')}
        error={passwordError}
      >
        <PasswordInput
          id="signup-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          autoComplete="new-password"
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={describedBy('signup-password', {
            error: passwordError,
            hint: t('auth.fields.passwordHint'),
          })}
          {...register('password')}
        />
      </FormField>
      <div className="flex items-start gap-3 rounded-lg border border-primary/20 bg-primary/5 p-3">
        <Controller
          control={control}
          name="consent"
          render={({ field }) => (
            <Checkbox
              id="signup-consent"
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-describedby={hasConsent ? undefined : 'signup-consent-hint'}
              className="mt-0.5"
            />
          )}
        />
        <div className="grid gap-1.5">
          {/* The spec's text, word for word and in pt-BR whatever the app's language: it is what the consent records. */}
          <Label htmlFor="signup-consent" lang="pt-BR" className="block text-sm leading-snug font-normal">
            {CONSENT_TEXT}
          </Label>
          <PrivacyPolicyLink />
        </div>
      </div>
      <div className="grid gap-2">
        <Button type="submit" size="lg" className="w-full" disabled={isDisabled || !hasConsent}>
          {isBusy ? <Spinner /> : null}
          {isBusy ? t('auth.signUp.busy') : t('auth.signUp.submit')}
        </Button>
        {hasConsent ? null : (
          <p id="signup-consent-hint" className="text-center text-xs text-muted-foreground">
            {t('auth.signUp.consentHint')}
          </p>
        )}
      </div>
    </form>
  );
}
