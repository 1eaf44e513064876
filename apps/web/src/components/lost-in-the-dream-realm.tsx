import { ArrowLeft, Home, MoonStar } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const MESSAGE =
  "It seems you've wandered into a part of the subconscious that doesn't exist yet. Let's guide you back to reality.";

/**
 * The 404 content of spec section 2 ('Lost in the Dream Realm', 'Go Back', 'Return Home'; the path logged to
 * the console). The 404 route frames it as a page; inside the app layout it answers for a dream that does
 * not exist (or is not the user's).
 */
export function LostInTheDreamRealm({ className }: { className?: string }) {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  function goBack() {
    // A tab opened straight on a dead link has nothing to go back to; "Go Back" would do nothing there.
    const hasHistory = location.key !== 'default' || window.history.length > 1;
    if (hasHistory) void navigate(-1);
    else void navigate('/');
  }

  return (
    // The spec's 404 text is English, also inside the pt-BR app: screen readers should read it as such.
    <div lang="en" className={cn('flex flex-col items-center text-center', className)}>
      <div className="relative isolate">
        <div
          aria-hidden="true"
          className="absolute -inset-16 -z-10 bg-[radial-gradient(circle,var(--glow),transparent_65%)]"
        />
        <span
          aria-hidden="true"
          className="flex size-20 items-center justify-center rounded-full bg-gradient-to-br from-primary/30 to-primary/5 text-primary ring-1 ring-primary/30 ring-inset"
        >
          <MoonStar className="size-9" />
        </span>
      </div>
      <p className="mt-8 text-sm font-semibold tracking-[0.3em] text-primary">404</p>
      <h1 className="mt-3 font-display text-4xl font-semibold tracking-tight sm:text-5xl">Lost in the Dream Realm</h1>
      <p className="mt-5 max-w-lg text-lg text-pretty text-muted-foreground">{MESSAGE}</p>
      <div className="mt-10 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button variant="outline" size="lg" onClick={goBack}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
        <Button asChild size="lg">
          <Link to="/">
            <Home aria-hidden="true" />
            Return Home
          </Link>
        </Button>
      </div>
    </div>
  );
}
