import { CONSENT_VERSION, consentsResponseSchema, type ConsentPurpose } from '@sonhario/contracts/consents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface ConsentChange {
  purpose: ConsentPurpose;
  isGranted: boolean;
}

/**
 * POST /me/consents for one purpose, from the privacy settings (`source: 'settings'`): withdrawing records
 * `withdrawn`, giving again records `granted` under the current text version. The answer is every purpose's state.
 */
export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ purpose, isGranted }: ConsentChange) =>
      (
        await apiRequest('/me/consents', {
          method: 'POST',
          body: { purposes: [purpose], isGranted, textVersion: CONSENT_VERSION, source: 'settings' },
          schema: consentsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.consents, data),
  });
}
