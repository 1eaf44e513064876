import {
  remindersResponseSchema,
  testNotificationResponseSchema,
  type ReminderSettings,
} from '@sonhario/contracts/reminders';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /reminders: the settings, the zone they are in, the devices subscribed, the next morning reminder. */
export function useReminders() {
  return useQuery({
    queryKey: queryKeys.reminders,
    queryFn: async ({ signal }) => (await apiRequest('/reminders', { schema: remindersResponseSchema, signal })).data,
    retry: retryUnlessClientError,
  });
}

/** PUT /reminders; the answer (with the new next time) replaces the cached one. */
export function useSaveReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReminderSettings) =>
      (await apiRequest('/reminders', { method: 'PUT', body: settings, schema: remindersResponseSchema })).data,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.reminders, data),
  });
}

/** POST /reminders/test: 'Testar notificação'. */
export function useTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/reminders/test', { method: 'POST', schema: testNotificationResponseSchema })).data,
    // A device the push service dropped is gone from the count.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
  });
}
