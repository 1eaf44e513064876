import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/hooks/use-auth';
import { isSignOutPending } from '@/lib/sign-out-intent';

/**
 * Spec section 2: a spinner while the session loads; without a user, /login (replacing this history
 * entry, with this location as `from`); with a user, the content (children, or the child routes).
 */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const { t } = useTranslation();

  if (loading) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-8 text-primary" label={t('common.loading')} />
      </div>
    );
  }
  if (!user) {
    // The user's own "Sair" is on its way to '/'; do not bounce through /login meanwhile.
    if (isSignOutPending()) return null;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return children ?? <Outlet />;
}
