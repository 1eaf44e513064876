import {
  dreamSignPinSchema,
  dreamSignsResponseSchema,
  SIGN_GROUPS,
  type DreamSign,
  type DreamSignsResponse,
  type SignKind,
} from '@sonhario/contracts/pattern-signs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { retryUnlessClientError } from '@/lib/query-retry';

/** GET /patterns/signs (Lucid and Oracle; 403 plan_required on Dreamer, so Dreamer never asks). */
export function useDreamSigns(options: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.dreams.signs,
    queryFn: async ({ signal }) =>
      (await apiRequest('/patterns/signs', { schema: dreamSignsResponseSchema, signal })).data,
    retry: retryUnlessClientError,
    enabled: options.isEnabled ?? true,
  });
}

/**
 * As the server ranks them: by group (images, feelings, tags), and in each group pinned first (in the order the
 * server gives them, the one just pinned first), then the rest by count.
 */
function withPin(data: DreamSignsResponse, sign: DreamSign, pinId: string | null): DreamSignsResponse {
  const changed = data.signs.map((s) => (s.kind === sign.kind && s.key === sign.key ? { ...s, pinId } : s));
  const signs = SIGN_GROUPS.flatMap((group) => {
    const inGroup = changed.filter((s) => s.group === group);
    const pinned = inGroup.filter((s) => s.pinId !== null);
    const rest = inGroup.filter((s) => s.pinId === null).sort((a, b) => b.count - a.count);
    const moved = pinned.find((s) => s.kind === sign.kind && s.key === sign.key);
    return [...(moved ? [moved, ...pinned.filter((s) => s !== moved)] : pinned), ...rest];
  });
  return { ...data, signs };
}

/**
 * Pins or unpins a sign, shown at once (optimistic): the list is put back as it was when the server refuses, and
 * refetched either way. `onError` is the caller's (a toast).
 */
export function useToggleSignPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sign: DreamSign) => {
      if (sign.pinId) {
        await apiRequest(`/patterns/signs/pins/${encodeURIComponent(sign.pinId)}`, {
          method: 'DELETE',
          schema: z.undefined(),
        });
        return null;
      }
      const body: { kind: SignKind; key: string; label: string } = {
        kind: sign.kind,
        key: sign.key,
        label: sign.label,
      };
      return (await apiRequest('/patterns/signs/pins', { method: 'POST', body, schema: dreamSignPinSchema })).data;
    },
    onMutate: async (sign) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.dreams.signs });
      const previous = queryClient.getQueryData<DreamSignsResponse>(queryKeys.dreams.signs);
      if (previous)
        queryClient.setQueryData(queryKeys.dreams.signs, withPin(previous, sign, sign.pinId ? null : 'pending'));
      return { previous };
    },
    onSuccess: (pin, sign) => {
      const data = queryClient.getQueryData<DreamSignsResponse>(queryKeys.dreams.signs);
      if (data && pin) queryClient.setQueryData(queryKeys.dreams.signs, withPin(data, sign, pin.id));
    },
    onError: (_error, _sign, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.dreams.signs, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dreams.signs }),
  });
}
