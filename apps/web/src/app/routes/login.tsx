import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthPageLayout } from '@/features/auth/components/auth-page-layout';
import { LoginPanel } from '@/features/auth/components/login-panel';
import { redirectTargetFrom } from '@/features/auth/redirect-target';
import { LegalLinks } from '@/features/legal/components/legal-links';
import { useAuth } from '@/hooks/use-auth';
import { paidPlanOf, storePlanIntent, subscribePath } from '@/lib/plan-intent';

/**
 * `/login`: sign in or sign up. A spinner while the session loads; a signed-in user goes on to the page
 * that sent them here (`from`), else /app. The recovery link lands on /redefinir-senha, not here, so
 * this redirect never skips the new-password form.
 */
export function LoginRoute() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // A plan chosen on the landing page (`?plan=lucid`): sign-up first, then its checkout; kept for the e-mail link.
  const query = new URLSearchParams(location.search);
  const plan = paidPlanOf(query.get('plan'));
  // `?tab=signup` (the landing page's and the demo's calls to action): the 'Cadastro' tab first.
  const isSignUp = query.get('tab') === 'signup';
  useEffect(() => {
    if (plan) storePlanIntent(plan);
  }, [plan]);
  const target = plan ? subscribePath(plan) : redirectTargetFrom(location.state);

  if (user) return <Navigate to={target} replace />;
  return (
    <AuthPageLayout title={t('auth.login.pageTitle')}>
      <LoginPanel
        isLoading={loading}
        onSignedIn={() => void navigate(target, { replace: true })}
        initialTab={plan || isSignUp ? 'signup' : 'login'}
        chosenPlan={plan}
      />
      <LegalLinks />
    </AuthPageLayout>
  );
}

export { LoginRoute as Component };
