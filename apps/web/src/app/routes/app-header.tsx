import { BookOpen, Coins, Moon, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { UserMenu } from '@/features/auth/components/user-menu';
import { PRODUCT_NAME } from '@/lib/brand';
import { cn } from '@/lib/utils';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent/60 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:px-3',
    isActive && 'bg-accent/60 text-foreground',
  );

/**
 * The signed-in app's top bar (the app shell's, not a feature's): brand, 'Sonhos', 'Oráculo', 'Conquistas' and
 * 'Créditos', and the user menu. On the narrowest phones the four are icons (their names kept for screen readers),
 * so they and the avatar fit in 390 px. Every target is at least 44 × 44 px (a fingertip), at every width.
 */
export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/70 backdrop-blur-lg supports-[backdrop-filter]:bg-background/55">
      <nav
        aria-label={t('dashboard.nav')}
        className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-6"
      >
        <Link
          to="/app"
          aria-label={t('dashboard.home', { product: PRODUCT_NAME })}
          className="mr-auto flex min-h-11 min-w-11 items-center rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        >
          <BrandMark className="[&>span:last-child]:max-[440px]:sr-only" />
        </Link>
        <NavLink to="/app/dreams" className={linkClass}>
          <BookOpen aria-hidden="true" className="size-4 min-[480px]:max-sm:hidden" />
          <span className="max-[479px]:sr-only">{t('dashboard.navDreams')}</span>
        </NavLink>
        <NavLink to="/app/oracle" className={linkClass}>
          <Moon aria-hidden="true" className="size-4 min-[480px]:max-sm:hidden" />
          <span className="max-[479px]:sr-only">{t('dashboard.navOracle')}</span>
        </NavLink>
        <NavLink to="/app/rewards" className={linkClass}>
          <Trophy aria-hidden="true" className="size-4 min-[480px]:max-sm:hidden" />
          <span className="max-[479px]:sr-only">{t('dashboard.navRewards')}</span>
        </NavLink>
        <NavLink to="/app/credits" className={linkClass}>
          <Coins aria-hidden="true" className="size-4 min-[480px]:max-sm:hidden" />
          <span className="max-[479px]:sr-only">{t('dashboard.navCredits')}</span>
        </NavLink>
        <div className="ml-1 sm:ml-2">
          <UserMenu />
        </div>
      </nav>
    </header>
  );
}
