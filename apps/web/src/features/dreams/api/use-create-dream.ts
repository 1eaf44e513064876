import { dreamSchema, type CreateDreamInput, type Dream } from '@sonhario/contracts/dreams';
import { createDreamResponseSchema, type RewardOutcome } from '@sonhario/contracts/rewards';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateJournal } from '@/lib/journal-cache';
import { queryKeys } from '@/lib/query-keys';
import { replayPatch } from './replay-patch';

export interface CreateDreamVariables {
  input: CreateDreamInput;
  /** One key per draft: a double click or a retry after a lost answer can never record the dream twice. */
  idempotencyKey: string;
}

export interface CreatedDream {
  dream: Dream;
  /** What saving it earned (docs/decisions/026); null for a replay: what the first attempt earned was earned then. */
  rewards: RewardOutcome | null;
}

/** POST /dreams with the draft's Idempotency-Key (201 new, 200 the same dream again). */
export async function createDream({ input, idempotencyKey }: CreateDreamVariables): Promise<CreatedDream> {
  const {
    status,
    data: { rewards, ...data },
  } = await apiRequest('/dreams', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: createDreamResponseSchema,
  });
  if (status !== 200) return { dream: data, rewards };
  // A replay: the first attempt got through. Whatever the user changed since then must not be lost.
  const patch = replayPatch(data, input);
  if (!patch) return { dream: data, rewards: null };
  const patched = await apiRequest(`/dreams/${data.id}`, { method: 'PATCH', body: patch, schema: dreamSchema });
  return { dream: patched.data, rewards: null };
}

export function useCreateDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDream,
    onSuccess: async ({ dream }) => {
      queryClient.setQueryData(queryKeys.dreams.detail(dream.id), dream);
      await invalidateJournal(queryClient);
    },
  });
}
