import { privacyInfoSchema } from '@sonhario/contracts/legal';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /privacy-info (public): the running server's AI provider, retention and contact. /privacidade shows all of it;
 * the app's screens read whether the provider is generative (useIsAnalysisGenerative).
 */
export function usePrivacyInfo() {
  return useQuery({
    queryKey: queryKeys.privacyInfo,
    queryFn: async ({ signal }) =>
      (await apiRequest('/privacy-info', { schema: privacyInfoSchema, signal, isPublic: true })).data,
    // The server's configuration changes with a restart at most.
    staleTime: 60 * 60_000,
  });
}

/**
 * Whether the configured analysis provider is a generative model: only then may the app call a reading "IA" (issue
 * 19). False until the answer is in, and when it cannot be read: the builtin symbolic reading is never called AI.
 */
export function useIsAnalysisGenerative(): boolean {
  return usePrivacyInfo().data?.ai.isGenerative ?? false;
}
