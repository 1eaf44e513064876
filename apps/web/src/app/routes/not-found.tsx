import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { LostInTheDreamRealm } from '@/components/lost-in-the-dream-realm';
import { NightSky } from '@/components/night-sky';
import { PRODUCT_NAME } from '@/lib/brand';

/** `*`: every unknown path, including the app links the spec leaves undefined (/app/profile, …). */
export function NotFoundRoute() {
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
      <main id="main-content" className="flex flex-1 flex-col items-center justify-center px-4 pb-24 sm:px-6">
        <LostInTheDreamRealm />
      </main>
    </div>
  );
}

// React Router's lazy() reads route properties from the module: `lazy: () => import('./routes/not-found')`.
export { NotFoundRoute as Component };
