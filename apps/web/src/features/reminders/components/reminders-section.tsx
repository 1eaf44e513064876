import { zodResolver } from '@hookform/resolvers/zod';
import {
  REMINDER_LIMITS,
  reminderSettingsSchema,
  type ReminderSettings,
  type RemindersResponse,
} from '@sonhario/contracts/reminders';
import { BellRing } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { describedBy, FormField } from '@/components/form-field';
import { RetryAlert } from '@/components/retry-alert';
import { FormAlert, SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { currentFormatLocale } from '@/lib/dates';
import {
  currentPushSubscription,
  PushPermissionError,
  pushSupport,
  registerPushSubscription,
  usePushDevice,
} from '../api/push-subscription';
import { useReminders, useSaveReminders, useTestNotification } from '../api/use-reminders';

type DeviceState = 'loading' | 'unsupported' | 'ios-not-installed' | 'denied' | 'off' | 'on';

/** Whether this browser receives notifications now (asked of the browser, not the server). */
function useDeviceState(): [DeviceState, () => void, () => void] {
  const [support] = useState(pushSupport);
  // Has the APIs but no push service behind them (a browser built without one): known only once a subscribe fails.
  const [hasNoPushService, setNoPushService] = useState(false);
  const [state, setState] = useState<DeviceState>(support === 'supported' ? 'loading' : support);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (support !== 'supported') return;
    let isCurrent = true;
    void currentPushSubscription()
      .catch(() => null)
      .then((subscription) => {
        if (!isCurrent) return;
        if (Notification.permission === 'denied') setState('denied');
        else setState(subscription && Notification.permission === 'granted' ? 'on' : 'off');
        // The server forgets a subscription its push service dropped, and a renewed one is new to it: this
        // device's current one is sent again (the same endpoint only refreshes its keys).
        if (subscription && Notification.permission === 'granted')
          void registerPushSubscription(subscription).catch(() => undefined);
      });
    return () => {
      isCurrent = false;
    };
  }, [support, version]);
  return [hasNoPushService ? 'unsupported' : state, () => setVersion((v) => v + 1), () => setNoPushService(true)];
}

/** This device: turn notifications on (the browser asks for permission) or off, or why it cannot. */
function DeviceRow({ subscriptions }: { subscriptions: number }) {
  const { t } = useTranslation();
  const [state, refresh, markUnsupported] = useDeviceState();
  const device = usePushDevice();
  const errorMessage = useApiErrorMessage();

  const toggle = (isOn: boolean) =>
    device.mutate(isOn, {
      onSuccess: () => {
        toast.success(t(isOn ? 'reminders.device.enabled' : 'reminders.device.disabled'));
      },
      onError: (error) => {
        if (error instanceof PushPermissionError && error.permission === 'unsupported') {
          markUnsupported();
          toast.error(t('reminders.device.unsupported'));
        } else if (error instanceof PushPermissionError) {
          toast.error(t(error.permission === 'denied' ? 'reminders.device.blocked' : 'reminders.device.notGranted'));
        } else toast.error(errorMessage(error));
      },
      onSettled: refresh,
    });

  const explanation =
    state === 'ios-not-installed'
      ? t('reminders.device.iosNotInstalled')
      : state === 'unsupported'
        ? t('reminders.device.unsupported')
        : state === 'denied'
          ? t('reminders.device.blocked')
          : state === 'on'
            ? t('reminders.device.on')
            : state === 'off'
              ? t('reminders.device.off')
              : null;

  return (
    <div className="grid gap-3 rounded-lg border border-border/70 bg-input/10 p-4 sm:flex sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <p className="text-sm font-medium">{t('reminders.device.title')}</p>
        {state === 'loading' ? (
          <Skeleton className="h-4 w-48" />
        ) : (
          <p className="text-sm text-pretty text-muted-foreground" role="status">
            {explanation}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{t('reminders.device.count', { count: subscriptions })}</p>
      </div>
      {state === 'on' || state === 'off' ? (
        <Button
          type="button"
          variant={state === 'on' ? 'outline' : 'default'}
          disabled={device.isPending}
          onClick={() => toggle(state === 'off')}
          className="w-full sm:w-auto"
        >
          {device.isPending ? <Spinner /> : null}
          {t(state === 'on' ? 'reminders.device.turnOff' : 'reminders.device.turnOn')}
        </Button>
      ) : null}
    </div>
  );
}

type ReminderControl = Control<ReminderSettings>;
/** The id of a part of the form (`${form's id}-${name}`). */
type FieldId = (name: string) => string;

/** The morning reminder: on or off, its time, and when it comes next. */
function MorningFieldset({
  field,
  control,
  register,
  errors,
  nextMorning,
}: {
  field: FieldId;
  control: ReminderControl;
  register: UseFormRegister<ReminderSettings>;
  errors: FieldErrors<ReminderSettings>;
  /** When the next one comes, shown while the saved settings are the form's. */
  nextMorning: string | null;
}) {
  const { t } = useTranslation();
  const isMorningOn = useWatch({ control, name: 'morning.isEnabled' });
  return (
    <fieldset className="grid gap-3">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <legend className="text-sm font-medium">{t('reminders.morning.title')}</legend>
          <p id={field('morning-hint')} className="text-xs text-pretty text-muted-foreground">
            {t('reminders.morning.hint')}
          </p>
        </div>
        <Controller
          control={control}
          name="morning.isEnabled"
          render={({ field: { value, onChange } }) => (
            <Switch
              checked={value}
              onCheckedChange={onChange}
              aria-label={t('reminders.morning.toggle')}
              aria-describedby={field('morning-hint')}
            />
          )}
        />
      </div>
      {isMorningOn ? (
        <FormField id={field('morning-time')} label={t('reminders.morning.time')} error={errors.morning?.time?.message}>
          <Input
            id={field('morning-time')}
            type="time"
            className="w-36"
            aria-describedby={describedBy(field('morning-time'), { error: errors.morning?.time?.message })}
            {...register('morning.time')}
          />
        </FormField>
      ) : null}
      {isMorningOn && nextMorning ? (
        <p className="text-xs text-muted-foreground">{t('reminders.morning.next', { when: nextMorning })}</p>
      ) : null}
    </fieldset>
  );
}

/** The day's reality checks: on or off, how many, and between which times. */
function RealityChecksFieldset({
  field,
  control,
  register,
  errors,
}: {
  field: FieldId;
  control: ReminderControl;
  register: UseFormRegister<ReminderSettings>;
  errors: FieldErrors<ReminderSettings>;
}) {
  const { t } = useTranslation();
  const isRealityOn = useWatch({ control, name: 'realityChecks.isEnabled' });
  const windowError = errors.realityChecks?.to?.message ?? errors.realityChecks?.message;
  return (
    <fieldset className="grid gap-3 border-t border-border/60 pt-5">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <legend className="text-sm font-medium">{t('reminders.reality.title')}</legend>
          <p id={field('reality-hint')} className="text-xs text-pretty text-muted-foreground">
            {t('reminders.reality.hint')}
          </p>
        </div>
        <Controller
          control={control}
          name="realityChecks.isEnabled"
          render={({ field: { value, onChange } }) => (
            <Switch
              checked={value}
              onCheckedChange={onChange}
              aria-label={t('reminders.reality.toggle')}
              aria-describedby={field('reality-hint')}
            />
          )}
        />
      </div>
      {isRealityOn ? (
        <div className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-3">
          <FormField
            id={field('count')}
            label={t('reminders.reality.count')}
            error={errors.realityChecks?.count?.message}
          >
            <Input
              id={field('count')}
              type="number"
              inputMode="numeric"
              min={REMINDER_LIMITS.realityChecksMin}
              max={REMINDER_LIMITS.realityChecksMax}
              {...register('realityChecks.count', { valueAsNumber: true })}
            />
          </FormField>
          <FormField id={field('from')} label={t('reminders.reality.from')}>
            <Input id={field('from')} type="time" {...register('realityChecks.from')} />
          </FormField>
          <FormField
            id={field('to')}
            label={t('reminders.reality.to')}
            error={windowError ? t('reminders.reality.windowError') : undefined}
          >
            <Input
              id={field('to')}
              type="time"
              aria-invalid={windowError ? true : undefined}
              aria-describedby={describedBy(field('to'), { error: windowError })}
              {...register('realityChecks.to')}
            />
          </FormField>
        </div>
      ) : null}
    </fieldset>
  );
}

function ReminderForm({ data }: { data: RemindersResponse }) {
  const { t } = useTranslation();
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const save = useSaveReminders();
  const test = useTestNotification();
  const errorMessage = useApiErrorMessage();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ReminderSettings>({ resolver: zodResolver(reminderSettingsSchema), defaultValues: data.settings });

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(saved.settings);
        toast.success(t('reminders.saved'));
      },
    }),
  );

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ sent }) => {
        if (sent > 0) toast.success(t('reminders.test.sent', { count: sent }));
        else toast.warning(t('reminders.test.noDevice'));
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  const nextMorning = data.nextMorningAt
    ? new Intl.DateTimeFormat(currentFormatLocale(), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: data.timeZone,
      }).format(new Date(data.nextMorningAt))
    : null;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid gap-5"
      aria-busy={save.isPending || undefined}
    >
      <MorningFieldset
        field={field}
        control={control}
        register={register}
        errors={errors}
        nextMorning={isDirty ? null : nextMorning}
      />

      <RealityChecksFieldset field={field} control={control} register={register} errors={errors} />

      <p className="text-xs text-muted-foreground">{t('reminders.timeZone', { zone: data.timeZone })}</p>
      {save.isError ? <FormAlert>{errorMessage(save.error)}</FormAlert> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={sendTest} disabled={test.isPending}>
          {test.isPending ? <Spinner /> : null}
          {t('reminders.test.button')}
        </Button>
        <Button type="submit" disabled={save.isPending || !isDirty}>
          {save.isPending ? <Spinner /> : null}
          {t('reminders.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * 'Lembretes' in settings (issue 18, docs/decisions/037): this device's notifications (permission, subscription), the
 * morning reminder and the day's reality checks at local times in the profile's zone, and 'Testar notificação'.
 */
export function RemindersSection() {
  const { t } = useTranslation();
  const reminders = useReminders();
  return (
    <SectionCard id="lembretes" icon={BellRing} title={t('reminders.title')} description={t('reminders.description')}>
      {reminders.data ? (
        <>
          <DeviceRow subscriptions={reminders.data.subscriptions} />
          <ReminderForm data={reminders.data} />
        </>
      ) : reminders.isError ? (
        <RetryAlert
          message={t('reminders.loadError')}
          error={reminders.error}
          onRetry={() => void reminders.refetch()}
        />
      ) : (
        <div className="grid gap-3" role="status" aria-label={t('common.loading')}>
          <Skeleton className="h-16 rounded-md" />
          <Skeleton className="h-10 rounded-md" />
        </div>
      )}
    </SectionCard>
  );
}
