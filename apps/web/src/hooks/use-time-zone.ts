import { browserTimeZone } from '@/lib/dates';
import { useProfile } from './use-profile';

/** The user's time zone: the profile's once it is set, the browser's until then (they agree after first sign-in). */
export function useTimeZone(): string {
  const { data } = useProfile();
  return data?.isTimeZoneSet ? data.timeZone : browserTimeZone();
}
