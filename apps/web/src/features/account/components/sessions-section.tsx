import type { SessionInfo } from '@sonhario/contracts/account';
import type { TFunction } from 'i18next';
import { LogOut, Monitor, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RetryAlert } from '@/components/retry-alert';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useTimeZone } from '@/hooks/use-time-zone';
import { formatDateTime } from '@/lib/dates';
import { authErrorMessage } from '@/lib/auth-error-message';
import { cn } from '@/lib/utils';
import { useSessions, useSignOutOthers } from '../api/use-sessions';
import { describeDevice } from '../describe-device';

const PHONES = new Set(['iPhone', 'Android']);

/** "Chrome no Linux"; just the browser or the system when only one is known; else "Dispositivo desconhecido". */
function deviceNameOf(userAgent: string | null, t: TFunction): string {
  const { browser, os } = describeDevice(userAgent);
  if (browser && os) return t('settings.sessions.device', { browser, os });
  if (browser) return browser;
  if (os) return t('settings.sessions.osOnly', { os });
  return t('settings.sessions.unknownDevice');
}

function SessionRow({ session, timeZone }: { session: SessionInfo; timeZone: string }) {
  const { t } = useTranslation();
  const deviceName = deviceNameOf(session.userAgent, t);
  const Icon = PHONES.has(describeDevice(session.userAgent).os ?? '') ? Smartphone : Monitor;
  return (
    <li
      className={cn(
        'flex items-start gap-3 rounded-lg border px-4 py-3',
        session.isCurrent ? 'border-primary/40 bg-primary/[0.08]' : 'border-border/70 bg-background/30',
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium">{deviceName}</h3>
          {session.isCurrent ? <Badge variant="secondary">{t('settings.sessions.thisDevice')}</Badge> : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {t('settings.sessions.signedInAt', { date: formatDateTime(session.createdAt, timeZone) })}
          <span aria-hidden="true"> · </span>
          <br className="sm:hidden" />
          {t('settings.sessions.lastUsedAt', { date: formatDateTime(session.lastUsedAt, timeZone) })}
        </p>
      </div>
    </li>
  );
}

/** 'Sessões': the devices signed in, this one marked, and a way to sign out all the others at once. */
export function SessionsSection() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();
  const items = sessions.data?.items ?? [];
  const hasOthers = items.some((session) => !session.isCurrent);

  const signOut = () => {
    if (signOutOthers.isPending) return;
    signOutOthers.mutate(undefined, {
      onSuccess: () => toast.success(t('settings.sessions.signedOutOthers')),
      onError: (error) => toast.error(t('settings.sessions.signOutError'), { description: authErrorMessage(error) }),
    });
  };

  return (
    <SectionCard
      id="sessoes"
      icon={MonitorSmartphone}
      title={t('settings.sessions.title')}
      description={t('settings.sessions.description')}
    >
      {sessions.isError && !sessions.data ? (
        <RetryAlert
          message={t('settings.sessions.loadError')}
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : !sessions.data ? (
        <div className="grid gap-2" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-16 rounded-lg" />
          <Skeleton className="h-16 rounded-lg" />
        </div>
      ) : (
        <ul className="grid gap-2" aria-label={t('settings.sessions.listLabel')}>
          {items.map((session) => (
            <SessionRow key={session.id} session={session} timeZone={timeZone} />
          ))}
        </ul>
      )}
      {sessions.data && !hasOthers ? (
        <p className="text-sm text-muted-foreground">{t('settings.sessions.onlyThis')}</p>
      ) : null}
      <div className="flex justify-end">
        <Button
          variant="outline"
          size="lg"
          className="w-full sm:h-10 sm:w-auto"
          disabled={signOutOthers.isPending || (sessions.data !== undefined && !hasOthers)}
          onClick={signOut}
        >
          {signOutOthers.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
          {signOutOthers.isPending ? t('settings.sessions.signingOut') : t('settings.sessions.signOutOthers')}
        </Button>
      </div>
    </SectionCard>
  );
}
