import type { EXPORT_FORMATS } from '@sonhario/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { downloadApi } from '@/lib/api-client';
import { saveFile } from '../save-file';

export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /me/export?format=json|html with the session's token, then a browser download under the server's file name
 * (`sonhario-export-YYYY-MM-DD.json`). Resolves to that name.
 */
export function useExportData() {
  return useMutation({
    mutationFn: async (format: ExportFormat) => {
      const { blob, fileName } = await downloadApi('/me/export', { query: { format } });
      const name = fileName ?? `sonhario-export.${format}`;
      saveFile(blob, name);
      return name;
    },
  });
}
