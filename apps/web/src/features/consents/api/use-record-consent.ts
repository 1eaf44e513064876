import { CONSENT_PURPOSES, CONSENT_VERSION, consentsResponseSchema } from '@sonhario/contracts/consents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /me/consents: the user's answer to CONSENT_TEXT, for both purposes it covers, under the text version they
 * were shown. A "no" is recorded too (status `declined`), so the question is not asked again.
 */
export function useRecordConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isGranted: boolean) =>
      (
        await apiRequest('/me/consents', {
          method: 'POST',
          body: { purposes: [...CONSENT_PURPOSES], isGranted, textVersion: CONSENT_VERSION },
          schema: consentsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.consents, data),
  });
}
