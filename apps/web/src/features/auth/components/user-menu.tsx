import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';

// The signed-in menu (Radix dropdown, avatar, i18next, the auth client) is a separate chunk: the landing
// page imports this component eagerly and its entry has no room for them (≤ 120 KB gzip).
const AccountMenu = lazy(() => import('./account-menu'));

/** The circle shown while the session loads (and while the account menu's code arrives), as wide as the avatar's button. */
function AvatarPlaceholder({ pending = false }: { pending?: boolean }) {
  return (
    <span
      data-testid="user-menu-placeholder"
      data-user-menu={pending ? 'placeholder' : undefined}
      aria-hidden="true"
      className="m-1 block size-9 animate-pulse rounded-full bg-muted ring-1 ring-border motion-reduce:animate-none"
    />
  );
}

function SignInLink({ pending = false }: { pending?: boolean }) {
  return (
    // 32 px to the eye, 44 px to a finger (the hit area reaches above and below).
    <Button asChild size="sm" className="touch-target">
      {/* A literal, not i18n: this renders in the landing page's entry, where i18next does not load. */}
      <Link to="/login" data-user-menu={pending ? 'pending-sign-in' : undefined}>
        Entrar
      </Link>
    </Button>
  );
}

/**
 * The top bar's account slot (spec section 2): a placeholder circle while the session loads, an 'Entrar'
 * button to /login without a user, the avatar menu with a user.
 *
 * While loading, the 'Entrar' link is in the markup too, hidden by the stylesheet unless the landing page's boot
 * script has found no stored session (`<html data-session="none">`, decision 024): then the session is known to be
 * absent before any of the app's JS has run, and the prerendered page shows the link instead of the circle.
 */
export function UserMenu() {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <>
        <AvatarPlaceholder pending />
        <SignInLink pending />
      </>
    );
  }
  if (!user) return <SignInLink />;
  return (
    <Suspense fallback={<AvatarPlaceholder />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}
