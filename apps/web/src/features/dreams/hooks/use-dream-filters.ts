import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DreamFilters } from '@/lib/query-keys';
import { filtersFromSearchParams, searchParamsFromFilters } from '../dream-filters';

/**
 * The list's search and filters live in the URL (bookmarkable, shareable between tabs, back/forward walks
 * through them). Each change is a history entry, except `replace` ones (typing in the search box).
 */
export function useDreamFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Keyed on the query string: the same filters keep the same object (and the same query key).
  const search = searchParams.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(search)), [search]);

  const setFilters = useCallback(
    (change: Partial<DreamFilters>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams((current) => searchParamsFromFilters({ ...filtersFromSearchParams(current), ...change }), {
        replace,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  const clearFilters = useCallback(
    () => setSearchParams(new URLSearchParams(), { preventScrollReset: true }),
    [setSearchParams],
  );

  return { filters, setFilters, clearFilters };
}
