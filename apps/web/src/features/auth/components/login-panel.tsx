import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { PaidPlanId } from '@sonhario/contracts/billing';
import { requestPasswordReset, resendConfirmation, signIn, signInWithGoogle, signUp } from '../api/auth-actions';
import { useIsGoogleConfigured } from '../api/use-auth-settings';
import { useBusy } from '../hooks/use-busy';
import type { PasswordRecoveryValues, SignInValues, SignUpValues } from '../schemas';
import { GoogleSignIn } from './google-button';
import { PasswordRecoveryForm } from './password-recovery-form';
import { NotConfirmedNote, SignUpSent } from './resend-confirmation';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type Tab = 'login' | 'signup';
type BusyAction = 'signIn' | 'signUp' | 'google' | 'recovery' | 'resend';

/**
 * The /login card (spec section 2): 'Bem-vindo', the Login and Cadastro tabs, Google on both when the server offers
 * it (GET /auth/v1/settings), and the password recovery request behind 'Esqueceu a senha?'. One busy flag disables
 * every form button.
 */
export function LoginPanel({
  onSignedIn,
  initialTab = 'login',
  chosenPlan = null,
  isLoading = false,
}: {
  onSignedIn: () => void;
  /**
   * The session is still loading (spec: a spinner shows): the greeting at once, and the spinner where the forms will
   * be, in about their height. The same card stays when they arrive, so nothing jumps or is drawn twice.
   */
  isLoading?: boolean;
  initialTab?: Tab;
  /** A plan chosen on the landing page, named on the sign-up form (it is bought after the account exists). */
  chosenPlan?: PaidPlanId | null;
}) {
  const { t } = useTranslation();
  const { busy, run } = useBusy<BusyAction>();
  const [tab, setTab] = useState<Tab>(initialTab);
  const [isRecovering, setIsRecovering] = useState(false);
  const [recoverySentTo, setRecoverySentTo] = useState<string | null>(null);
  const [signUpSentTo, setSignUpSentTo] = useState<string | null>(null);
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const isDisabled = busy !== null;
  const isGoogleConfigured = useIsGoogleConfigured();

  const handleSignIn = (values: SignInValues) =>
    void run('signIn', async () => {
      const { ok, code } = await signIn(values.email, values.password);
      setUnconfirmedEmail(code === 'email_not_confirmed' ? values.email : null);
      if (ok) onSignedIn();
    });

  const handleResend = (email: string) => void run('resend', () => resendConfirmation(email));

  const handleSignUp = (values: SignUpValues) =>
    void run('signUp', async () => {
      const { ok } = await signUp(values.email, values.password, values.firstName, values.lastName);
      // With e-mail confirmation on there is no session yet: say where the link went. With autoconfirm
      // the user is signed in and the page moves on to /app by itself.
      if (ok) setSignUpSentTo(values.email);
    });

  const handleGoogle = () => void run('google', () => signInWithGoogle());

  const handleRecovery = (values: PasswordRecoveryValues) =>
    void run('recovery', async () => {
      const { ok } = await requestPasswordReset(values.email);
      if (ok) setRecoverySentTo(values.email);
    });

  const google = isGoogleConfigured && (
    <GoogleSignIn disabled={isDisabled} isBusy={busy === 'google'} onClick={handleGoogle} />
  );

  return (
    <LoginCard>
      {isLoading ? (
        // The height of the forms about to arrive (measured at 390 and 1280 px, without Google).
        <div
          className={cn('grid place-items-center', tab === 'signup' ? 'min-h-[39.5rem] sm:min-h-[34rem]' : 'min-h-71')}
        >
          <Spinner className="size-8 text-primary" label={t('common.loading')} />
        </div>
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-6">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="login">{t('auth.login.tabLogin')}</TabsTrigger>
            <TabsTrigger value="signup">{t('auth.login.tabSignUp')}</TabsTrigger>
          </TabsList>
          <TabsContent value="login" className="grid gap-6">
            {isRecovering ? (
              <PasswordRecoveryForm
                isDisabled={isDisabled}
                isBusy={busy === 'recovery'}
                sentTo={recoverySentTo}
                onSubmit={handleRecovery}
                onBack={() => {
                  setIsRecovering(false);
                  setRecoverySentTo(null);
                }}
              />
            ) : (
              <>
                <SignInForm
                  isDisabled={isDisabled}
                  isBusy={busy === 'signIn'}
                  onSubmit={handleSignIn}
                  onForgotPassword={() => setIsRecovering(true)}
                />
                {unconfirmedEmail ? (
                  <NotConfirmedNote
                    isDisabled={isDisabled}
                    isBusy={busy === 'resend'}
                    onResend={() => handleResend(unconfirmedEmail)}
                  />
                ) : null}
                {google}
              </>
            )}
          </TabsContent>
          <TabsContent value="signup" className="grid gap-6">
            {signUpSentTo ? (
              <SignUpSent
                email={signUpSentTo}
                isDisabled={isDisabled}
                isBusy={busy === 'resend'}
                onResend={() => handleResend(signUpSentTo)}
                onBackToLogin={() => {
                  setSignUpSentTo(null);
                  setTab('login');
                }}
              />
            ) : (
              <>
                <SignUpForm
                  isDisabled={isDisabled}
                  isBusy={busy === 'signUp'}
                  chosenPlan={chosenPlan}
                  onSubmit={handleSignUp}
                />
                {google}
              </>
            )}
          </TabsContent>
        </Tabs>
      )}
    </LoginCard>
  );
}

/** The card's frame and greeting, the same while the session loads and once the forms are in. */
function LoginCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card className="w-full gap-6 border-primary/15 bg-card/80 shadow-[0_30px_120px_-40px_var(--glow)] backdrop-blur-md">
      <CardHeader className="justify-items-center gap-2 text-center">
        <CardTitle asChild className="font-display text-3xl font-semibold tracking-tight">
          <h1>{t('auth.login.title')}</h1>
        </CardTitle>
        {/* Two lines in every font: the page paints before its web font arrives (decision 051), and a line that fits
            in one font and not the other would move the card when it does. */}
        <CardDescription className="max-w-72 text-base text-balance">{t('auth.login.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
