import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The top bar's account slot. For now only the spec's signed-out state: an 'Entrar' button to /login.
 * Next: a placeholder circle while the session loads, and an avatar menu when signed in.
 * The landing page imports this eagerly, so keep heavy modules (the auth client) behind a lazy import.
 */
export function UserMenu() {
  return (
    <Button asChild size="sm">
      <Link to="/login">Entrar</Link>
    </Button>
  );
}
