import { useEffect, useRef } from 'react';
import { useProfile } from '@/hooks/use-profile';
import { browserTimeZone } from '@/lib/dates';
import { useUpdateProfile } from '../api/use-update-profile';

/**
 * On the first signed-in visit the profile has no time zone of its own (`isTimeZoneSet` false): store the
 * browser's, once, so "last night" and the streak's days are the user's and not the server's.
 * Later changes are the settings page's business; travelling does not move the journal's days.
 */
export function useTimeZoneSync() {
  const { data: profile } = useProfile();
  const { mutate } = useUpdateProfile();
  const isSent = useRef(false);
  useEffect(() => {
    if (!profile || profile.isTimeZoneSet || isSent.current) return;
    isSent.current = true;
    mutate({ timeZone: browserTimeZone() });
  }, [profile, mutate]);
}
