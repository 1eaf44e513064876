import { Link } from 'react-router';
import { lazyPart } from '@/components/lazy-part';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';

// The signed-in menu (Radix dropdown, avatar, i18next, the auth client) is a separate chunk: the landing
// page imports this component eagerly and its entry has no room for them (≤ 120 KB gzip).
const AccountMenu = lazyPart(() => import('./account-menu'));

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

/**
 * In the avatar's place when the menu's code did not arrive (offline, or a new release removed it): a press asks for
 * it again. Its label is literal in both languages: i18next is in the chunk that failed.
 */
function AccountMenuRetry({ onRetry }: { onRetry: () => void }) {
  return (
    <button
      type="button"
      aria-label={document.documentElement.lang === 'en' ? 'Reload the account menu' : 'Recarregar o menu da conta'}
      onClick={onRetry}
      className="m-1 grid size-9 place-items-center rounded-full bg-muted ring-1 ring-border touch-target"
    >
      ↻
    </button>
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
    <AccountMenu user={user} loading={<AvatarPlaceholder />} failed={(retry) => <AccountMenuRetry onRetry={retry} />} />
  );
}
