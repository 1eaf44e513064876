import { LinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AuthPageLayout, AuthPageSpinner } from '@/features/auth/components/auth-page-layout';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { useAuth } from '@/hooks/use-auth';

const cardClass = 'w-full gap-6 border-primary/15 bg-card/80 shadow-[0_30px_120px_-40px_var(--glow)] backdrop-blur-md';

/**
 * `/redefinir-senha`: where the recovery e-mail's link lands. supabase-js signs the user in from the link
 * (PASSWORD_RECOVERY); the page then asks for the new password. Public: without a session (an expired
 * or reused link) it explains what to do instead of bouncing to /login.
 */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const navigate = useNavigate();

  if (loading) return <AuthPageSpinner />;
  return (
    <AuthPageLayout title={t('auth.reset.pageTitle')}>
      {user ? (
        <Card className={cardClass}>
          <CardHeader className="justify-items-center gap-2 text-center">
            <CardTitle asChild className="font-display text-3xl font-semibold tracking-tight">
              <h1>{t('auth.reset.title')}</h1>
            </CardTitle>
            <CardDescription className="text-base text-pretty">{t('auth.reset.subtitle')}</CardDescription>
            {user.email ? <p className="text-sm font-medium text-foreground/90">{user.email}</p> : null}
          </CardHeader>
          <CardContent>
            <NewPasswordForm onUpdated={() => void navigate('/app', { replace: true })} />
          </CardContent>
        </Card>
      ) : (
        <Card className={cardClass}>
          <CardHeader className="justify-items-center gap-3 text-center">
            <span
              aria-hidden="true"
              className="flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary ring-1 ring-primary/30 ring-inset"
            >
              <LinkIcon className="size-5" />
            </span>
            <CardTitle asChild className="font-display text-2xl font-semibold tracking-tight">
              <h1>{t('auth.reset.invalidTitle')}</h1>
            </CardTitle>
            <CardDescription className="text-base text-pretty">{t('auth.reset.invalidText')}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild size="lg" className="w-full">
              <Link to="/login">{t('auth.reset.goToLogin')}</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </AuthPageLayout>
  );
}

export { ResetPasswordRoute as Component };
