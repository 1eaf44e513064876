import { importResultSchema } from '@sonhario/contracts/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { invalidateJournal } from '@/lib/journal-cache';
import { queryKeys } from '@/lib/query-keys';

/** A chosen file's text (FileReader: every browser has it, and so does the test DOM). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** The file's text as JSON; a file that is not JSON is refused here (`bad_json`), before anything is sent. */
async function readJson(file: File): Promise<unknown> {
  const text = await readText(file);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'bad_json', 'The chosen file is not JSON');
  }
}

/**
 * POST /me/import with an export file (JSON): the server restores its dreams and skips those already in the journal.
 * Resolves to `{ imported, skipped }`; the journal, its tags, the dashboard and the analyses are then out of date.
 */
export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      (await apiRequest('/me/import', { method: 'POST', body: await readJson(file), schema: importResultSchema })).data,
    onSuccess: () =>
      Promise.all([
        invalidateJournal(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.analyses.all }),
      ]),
  });
}
