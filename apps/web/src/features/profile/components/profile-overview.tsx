import { PLAN_NAMES } from '@sonhario/contracts/credits';
import type { Profile } from '@sonhario/contracts/profile';
import type { User } from '@supabase/supabase-js';
import { ArrowRight, CalendarHeart, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailedState } from '@/components/empty-state';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/hooks/use-auth';
import { useProfile } from '@/hooks/use-profile';
import { browserTimeZone, dateIn, formatDate } from '@/lib/dates';
import { getDisplayName, getInitials } from '@/lib/user-display';
import { EmailForm } from './email-form';
import { NameForm } from './name-form';
import { TimeZoneForm } from './time-zone-form';

/** Who the user is here: avatar, name, e-mail, since when, and the plan (with the way to credits). */
function AccountSummary({ user, profile }: { user: User; profile: Profile }) {
  const { t } = useTranslation();
  const timeZone = profile.isTimeZoneSet ? profile.timeZone : browserTimeZone();
  const since = formatDate(dateIn(timeZone, new Date(profile.createdAt)), 'long');
  return (
    <Card
      role="region"
      aria-label={t('profile.summary.label')}
      className="gap-0 border-primary/30 bg-gradient-to-br from-primary/15 via-card/70 to-card/70 px-5 py-5 shadow-[0_0_60px_-30px_var(--glow)] sm:px-6"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar className="size-16 ring-2 ring-primary/40">
            <AvatarFallback
              data-testid="profile-avatar"
              className="bg-gradient-to-br from-primary/50 to-primary/15 font-display text-xl font-semibold tracking-wide text-foreground"
            >
              {getInitials(user)}
            </AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 gap-0.5">
            <p className="truncate font-display text-xl font-semibold">{getDisplayName(user)}</p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:ml-auto sm:justify-items-end sm:text-right">
          <div className="flex items-center gap-2 sm:flex-row-reverse">
            <CalendarHeart aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <dt className="sr-only">{t('profile.summary.memberSinceLabel')}</dt>
            <dd>{t('profile.summary.memberSince', { date: since })}</dd>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:flex-row-reverse">
            <Sparkles aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <dt className="sr-only">{t('profile.summary.planLabel')}</dt>
            <dd className="inline-flex h-6 items-center rounded-full bg-primary/15 px-2.5 text-xs font-medium text-primary ring-1 ring-primary/30 ring-inset">
              {t('profile.summary.plan', { plan: PLAN_NAMES[profile.plan] })}
            </dd>
            <dd>
              <Link
                to="/app/credits"
                className="inline-flex min-h-10 items-center gap-1 rounded-sm text-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60 sm:min-h-0"
              >
                {t('profile.summary.planLink')}
                <ArrowRight aria-hidden="true" className="size-3.5" />
              </Link>
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6" role="status" aria-label={t('common.loading')}>
      <Skeleton className="h-28 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-48 rounded-xl" />
    </div>
  );
}

/** The profile screen's body: summary, name, e-mail and time zone. */
export function ProfileOverview() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const profile = useProfile();

  if (!user) return null;
  if (profile.isError && !profile.data) {
    return (
      <LoadFailedState
        title={t('profile.loadError.title')}
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  }
  if (!profile.data) return <ProfileSkeleton />;
  return (
    <div className="grid gap-6">
      <AccountSummary user={user} profile={profile.data} />
      {/* Keyed by account: another user signing in on this tab never sees the previous one's values. */}
      <NameForm key={`name-${user.id}`} user={user} />
      <EmailForm key={`email-${user.id}`} user={user} />
      <TimeZoneForm key={`tz-${user.id}`} profile={profile.data} />
    </div>
  );
}
