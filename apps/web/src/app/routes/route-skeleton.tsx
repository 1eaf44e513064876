import { BrandMark } from '@/components/brand-mark';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/*
 * Page-shaped placeholders for the signed-in app while a screen's code or the session loads (docs/decisions/042).
 * They follow each screen's layout (widths, paddings, the blocks its data fills), so the page arrives in place
 * instead of after a blank screen. A lazy chunk: the landing page's entry carries only the import.
 */

const card = 'rounded-xl border border-border/70 bg-card/40';

/** The heading block every screen starts with: title, its line, and (`hasBack`) the link back above them. */
function HeadingSkeleton({ hasBack = false, hasAction = false }: { hasBack?: boolean; hasAction?: boolean }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid gap-3">
        {hasBack ? <Skeleton className="h-4 w-28" /> : null}
        <Skeleton className="h-9 w-52 sm:h-10 sm:w-64" />
        <Skeleton className="h-4 w-64 max-w-full sm:w-80" />
      </div>
      {hasAction ? <Skeleton className="h-10 w-full rounded-lg sm:w-36" /> : null}
    </div>
  );
}

function DreamCardsSkeleton({ count }: { count: number }) {
  return (
    <div className="grid gap-3">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={cn(card, 'grid gap-3 px-5 py-5')}>
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-5/6" />
        </div>
      ))}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
      <div className="grid gap-3">
        <Skeleton className="h-9 w-56 sm:h-10 sm:w-72" />
        <Skeleton className="h-5 w-72 max-w-full sm:w-96" />
        <Skeleton className="h-4 w-44" />
      </div>
      {/* The 'Hoje' card (features/overview/components/today-card.tsx): streak, last dream, next step. */}
      <div className={cn(card, 'grid gap-5 px-5 py-6 sm:grid-cols-3')}>
        {[0, 1, 2].map((index) => (
          <div key={index} className="flex items-start gap-3">
            <Skeleton className="size-9 shrink-0 rounded-full" />
            <div className="grid w-full gap-2">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-5 w-32" />
            </div>
          </div>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {[0, 1, 2].map((index) => (
          <div
            key={index}
            className={cn(
              card,
              'flex gap-3 px-3 py-4 sm:items-center sm:px-5 sm:py-5',
              index === 2 && 'col-span-2 sm:col-span-1',
            )}
          >
            <Skeleton className="size-9 shrink-0 rounded-full sm:size-11" />
            <div className="grid gap-2">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-7 w-10" />
            </div>
          </div>
        ))}
      </div>
      <div className={cn(card, 'grid gap-4 px-5 py-6')}>
        <Skeleton className="h-6 w-44" />
        <DreamCardsSkeleton count={2} />
      </div>
      {/* The shortcuts, last (decision 080): one panel of four rows on a phone, four cards from `sm`. */}
      <div className="grid divide-y divide-border/70 overflow-hidden rounded-xl border border-border/70 bg-card/40 sm:grid-cols-2 sm:gap-4 sm:divide-y-0 sm:overflow-visible sm:border-0 sm:bg-transparent xl:grid-cols-4">
        {[0, 1, 2, 3].map((index) => (
          <div
            key={index}
            className="flex items-center gap-3 px-4 py-3 sm:flex-col sm:items-start sm:rounded-xl sm:border sm:border-border/70 sm:bg-card/40 sm:p-6"
          >
            <Skeleton className="size-9 shrink-0 rounded-xl sm:size-10" />
            <div className="grid w-full gap-2">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-3 w-full max-sm:hidden" />
            </div>
            <Skeleton className="h-10 w-24 shrink-0 rounded-md sm:h-9 sm:w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

function DreamListSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <HeadingSkeleton hasAction />
      <Skeleton className="h-11 w-full rounded-lg" />
      <DreamCardsSkeleton count={3} />
    </div>
  );
}

function DreamDetailSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-4 w-56" />
      <Skeleton className="h-9 w-3/4" />
      <Skeleton className="h-56 w-full rounded-2xl" />
    </div>
  );
}

function DreamFormSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 pt-6 pb-4 sm:px-6 sm:py-10">
      <HeadingSkeleton />
      <div className={cn(card, 'grid gap-5 px-5 py-6')}>
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-10 w-full rounded-lg" />
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-48 w-full rounded-lg" />
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-10 rounded-lg" />
          <Skeleton className="h-10 rounded-lg" />
        </div>
      </div>
      <Skeleton className="h-11 w-full rounded-lg sm:ml-auto sm:w-40" />
    </div>
  );
}

/**
 * The shape of the screens reached from the dashboard: AppPage's (the way back, the heading, its line), then blocks;
 * `isWide` for the screens laid out in columns (credits, rewards, analytics, plans).
 */
function GenericPageSkeleton({ isWide = false }: { isWide?: boolean }) {
  return (
    <div
      className={cn(
        'mx-auto flex w-full flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12',
        isWide ? 'max-w-5xl' : 'max-w-3xl',
      )}
    >
      <HeadingSkeleton hasBack />
      {isWide ? (
        <div className="grid gap-6 md:grid-cols-2">
          <Skeleton className="h-52 rounded-xl" />
          <Skeleton className="h-52 rounded-xl" />
        </div>
      ) : (
        <Skeleton className="h-32 rounded-xl" />
      )}
      <Skeleton className="h-56 rounded-xl" />
    </div>
  );
}

const WIDE_PAGES = new Set(['/app/credits', '/app/rewards', '/app/analytics', '/app/plans']);

/** The content area's placeholder for an /app path. */
export function PageSkeleton({ pathname, label }: { pathname: string; label?: string }) {
  const path = pathname.replace(/\/+$/, '');
  let page;
  if (path === '/app') page = <DashboardSkeleton />;
  else if (path === '/app/dreams') page = <DreamListSkeleton />;
  else if (path === '/app/dreams/new' || /^\/app\/dreams\/[^/]+\/edit$/.test(path)) page = <DreamFormSkeleton />;
  else if (/^\/app\/dreams\/[^/]+$/.test(path)) page = <DreamDetailSkeleton />;
  else page = <GenericPageSkeleton isWide={WIDE_PAGES.has(path)} />;
  // With a label (the app's strings are loaded) it is announced as loading; before that it is decoration.
  return label ? (
    <div role="status" aria-label={label} aria-busy="true">
      {page}
    </div>
  ) : (
    <div aria-hidden="true">{page}</div>
  );
}

/** The app header's shape (brand, four links, the avatar) for before the header itself can render. */
function AppHeaderSkeleton() {
  return (
    <div className="sticky top-0 z-40 border-b border-border/60 bg-background/70 backdrop-blur-lg">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        <BrandMark className="mr-auto [&>span:last-child]:max-[440px]:sr-only" />
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="mx-1 h-5 w-8 min-[480px]:w-16" />
        ))}
        <Skeleton className="ml-1 size-9 rounded-full sm:ml-2" />
      </div>
    </div>
  );
}

/**
 * The first visit straight to a signed-in screen, while the app's code downloads (the root's HydrateFallback):
 * the header's and the page's shapes. Other paths keep the plain night background.
 */
export default function RouteFallbackSkeleton() {
  const { pathname } = window.location;
  if (!/^\/app(\/|$)/.test(pathname)) return null;
  return (
    <div aria-hidden="true" className="flex min-h-dvh flex-col overflow-x-clip">
      <AppHeaderSkeleton />
      <PageSkeleton pathname={pathname} />
    </div>
  );
}
