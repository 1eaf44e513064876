import { ArrowLeft, Home, MoonStar } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { NightSky } from '@/components/night-sky';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/lib/brand';

const MESSAGE =
  "It seems you've wandered into a part of the subconscious that doesn't exist yet. Let's guide you back to reality.";

/** `*`: every unknown path, including the app links the spec leaves undefined (/app/dreams, …). */
export function NotFoundRoute() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  function goBack() {
    // A tab opened straight on a dead link has nothing to go back to; "Go Back" would do nothing there.
    const hasHistory = location.key !== 'default' || window.history.length > 1;
    if (hasHistory) navigate(-1);
    else navigate('/');
  }

  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip">
      <title>{`Page not found · ${PRODUCT_NAME}`}</title>
      <NightSky />
      <header className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6">
        <Link
          to="/"
          aria-label={`${PRODUCT_NAME} home`}
          className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <BrandMark />
        </Link>
      </header>
      <main
        id="main-content"
        className="flex flex-1 flex-col items-center justify-center px-4 pb-24 text-center sm:px-6"
      >
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
        <h1 className="mt-3 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
          Lost in the Dream Realm
        </h1>
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
      </main>
    </div>
  );
}

// React Router's lazy() reads route properties from the module: `lazy: () => import('./routes/not-found')`.
export { NotFoundRoute as Component };
