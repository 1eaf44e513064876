import { deleteAnalysesResponseSchema } from '@sonhario/contracts/analyses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /analyses: erases every past analysis of the user; every analyses view and the dashboard count refetch. */
export function useDeleteAnalyses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('/analyses', { method: 'DELETE', schema: deleteAnalysesResponseSchema })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.analyses.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.overview });
    },
  });
}
