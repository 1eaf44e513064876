import { dreamSchema, type UpdateDreamInput } from '@sonhario/contracts/dreams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateJournal } from '@/lib/journal-cache';
import { queryKeys } from '@/lib/query-keys';

export interface UpdateDreamVariables {
  id: string;
  /** The changed fields and the `version` the edit started from (a stale one answers 409 version_conflict). */
  patch: UpdateDreamInput;
}

/** PATCH /dreams/:id. */
export function useUpdateDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: UpdateDreamVariables) =>
      (await apiRequest(`/dreams/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch, schema: dreamSchema }))
        .data,
    onSuccess: async (dream) => {
      queryClient.setQueryData(queryKeys.dreams.detail(dream.id), dream);
      await invalidateJournal(queryClient);
    },
  });
}
