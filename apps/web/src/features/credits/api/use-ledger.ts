import { listLedgerResponseSchema } from '@sonhario/contracts/credits';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /credits/ledger: every credit earned and spent, newest first, a page at a time ('Carregar mais'). */
export function useLedger() {
  return useInfiniteQuery({
    queryKey: queryKeys.credits.ledger,
    queryFn: async ({ pageParam, signal }) =>
      (await apiRequest('/credits/ledger', { query: { cursor: pageParam }, schema: listLedgerResponseSchema, signal }))
        .data,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    retry: retryUnlessClientError,
  });
}
