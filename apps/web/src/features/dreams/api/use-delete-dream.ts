import {
  deleteDreamResponseSchema,
  dreamSchema,
  type Dream,
  type ListDreamsResponse,
} from '@sonhario/contracts/dreams';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateJournal } from '@/lib/journal-cache';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /dreams/:id (soft: restorable until `purgeAfter`). The dream leaves every cached list at once. */
export function useDeleteDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await apiRequest(`/dreams/${encodeURIComponent(id)}`, { method: 'DELETE', schema: deleteDreamResponseSchema }))
        .data,
    onSuccess: ({ id }) => {
      queryClient.setQueriesData<InfiniteData<ListDreamsResponse>>({ queryKey: queryKeys.dreams.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => item.id !== id) })),
            }
          : data,
      );
      // Stale, not refetched now (its page is closing); shown again it asks the server, which answers 404.
      void queryClient.invalidateQueries({ queryKey: queryKeys.dreams.detail(id), refetchType: 'none' });
      // Not awaited: the page moves on to the journal at once; the lists refetch behind it.
      void invalidateJournal(queryClient);
    },
  });
}

/**
 * POST /dreams/:id/restore, the toast's 'Desfazer'. A plain function, not a hook: the toast outlives the page
 * that raised it, so it cannot rely on that page's mutation observer.
 */
export async function restoreDream(queryClient: QueryClient, id: string): Promise<Dream> {
  const { data } = await apiRequest(`/dreams/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    schema: dreamSchema,
  });
  queryClient.setQueryData(queryKeys.dreams.detail(id), data);
  await invalidateJournal(queryClient);
  return data;
}
