import { consentsResponseSchema } from '@sonhario/contracts/consents';
import { dictationResponseSchema, dictationStatusSchema } from '@sonhario/contracts/dictation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * Whether the microphone may show on the dream form (docs/decisions/038): the server transcribes (GET /dictation,
 * read once per session, as the login card reads whether Google is configured) and the user gave AI consent (the
 * recording goes to the same kind of AI service). False while either loads or fails: the button appears only once
 * both said yes. The consents are read under the consents feature's query key, so its answers and this one are one.
 */
export function useIsDictationAvailable(): { isAvailable: boolean; maxSeconds: number } {
  const status = useQuery({
    queryKey: queryKeys.dictation,
    queryFn: async ({ signal }) => (await apiRequest('/dictation', { schema: dictationStatusSchema, signal })).data,
    staleTime: Infinity,
    retry: 1,
  });
  const consents = useQuery({
    queryKey: queryKeys.consents,
    queryFn: async ({ signal }) => (await apiRequest('/me/consents', { schema: consentsResponseSchema, signal })).data,
    enabled: status.data?.isAvailable === true,
  });
  const isConsenting =
    consents.data?.items.some((consent) => consent.purpose === 'ai_analysis' && consent.status === 'granted') ?? false;
  return { isAvailable: status.data?.isAvailable === true && isConsenting, maxSeconds: status.data?.maxSeconds ?? 300 };
}

/** POST /dictation: one recording → its text. The recording is sent once and kept nowhere. */
export function useTranscribe() {
  return useMutation({
    mutationFn: async ({ audio, language }: { audio: Blob; language?: 'pt' | 'en' }) =>
      (
        await apiRequest('/dictation', {
          method: 'POST',
          body: audio,
          query: { language },
          schema: dictationResponseSchema,
        })
      ).data.text,
  });
}
