import type { ExportDream } from '@sonhario/contracts/account';
import type { ExportHead, ExportTotals, ExportWriter } from './account.data.service.ts';

/** Re-indents a pretty-printed JSON value that is written `spaces` deep into the file. */
const nested = (value: unknown, spaces: number) =>
  JSON.stringify(value, null, 2).replaceAll('\n', `\n${' '.repeat(spaces)}`);

/**
 * The JSON file (exportFileSchema), written piece by piece: the head as one object left open, then the dreams array
 * a page at a time, then the totals. Pretty-printed (two spaces) so that the file can be read as it is.
 */
export function createJsonExportWriter(): ExportWriter {
  let hasDreams = false;
  return {
    contentType: 'application/json; charset=utf-8',
    extension: 'json',
    start(head: ExportHead) {
      const text = JSON.stringify(head, null, 2);
      // `{ …head }` without its closing "\n}", continued by the dreams array.
      return `${text.slice(0, -2)},\n  "dreams": [`;
    },
    dreams(dreams: ExportDream[]) {
      let text = '';
      for (const dream of dreams) {
        text += `${hasDreams ? ',' : ''}\n    ${nested(dream, 4)}`;
        hasDreams = true;
      }
      return text;
    },
    end(totals: ExportTotals) {
      return `${hasDreams ? '\n  ' : ''}],\n  "totals": ${nested(totals, 2)}\n}\n`;
    },
  };
}
