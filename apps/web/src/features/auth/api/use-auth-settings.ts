import { authSettingsSchema } from '@sonhario/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * What the server's sign-in offers (GET /auth/v1/settings): Google only where the operator configured it
 * (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). Read once per session; an unreadable answer counts as no Google.
 */
async function fetchIsGoogleConfigured(): Promise<boolean> {
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const response = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/auth/v1/settings`, {
    headers: { apikey: supabaseAnonKey ?? '' },
  });
  if (!response.ok) return false;
  const settings = authSettingsSchema.safeParse(await response.json());
  return settings.success && settings.data.external.google;
}

/**
 * True when the Google button may show; false while the settings load and when Google is off (the button appears
 * only once the server said yes, never to vanish again). Uses the app's query client directly: the login card also
 * renders outside the app shell's provider.
 */
export function useIsGoogleConfigured(): boolean {
  const { data } = useQuery(
    { queryKey: queryKeys.authSettings, queryFn: fetchIsGoogleConfigured, staleTime: Infinity, retry: 1 },
    queryClient,
  );
  return data === true;
}
