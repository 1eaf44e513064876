import { dreamSchema, type CreateDreamInput, type Dream } from '@sonhario/contracts/dreams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateJournal } from '@/lib/journal-cache';
import { queryKeys } from '@/lib/query-keys';
import { replayPatch } from './replay-patch';

interface CreateDreamVariables {
  input: CreateDreamInput;
  /** One key per draft: a double click or a retry after a lost answer can never record the dream twice. */
  idempotencyKey: string;
}

/** POST /dreams with the draft's Idempotency-Key (201 new, 200 the same dream again). */
async function createDream({ input, idempotencyKey }: CreateDreamVariables): Promise<Dream> {
  const { status, data } = await apiRequest('/dreams', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: dreamSchema,
  });
  if (status !== 200) return data;
  // A replay: the first attempt got through. Whatever the user changed since then must not be lost.
  const patch = replayPatch(data, input);
  if (!patch) return data;
  return (await apiRequest(`/dreams/${data.id}`, { method: 'PATCH', body: patch, schema: dreamSchema })).data;
}

export function useCreateDream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDream,
    onSuccess: async (dream) => {
      queryClient.setQueryData(queryKeys.dreams.detail(dream.id), dream);
      await invalidateJournal(queryClient);
    },
  });
}
