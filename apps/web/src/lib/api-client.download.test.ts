import { describe, expect, it } from 'vitest';
import { fileNameOf } from './api-client';

describe("fileNameOf (a download's Content-Disposition)", () => {
  it('reads the quoted or bare file name', () => {
    expect(fileNameOf('attachment; filename="sonhario-export-2026-03-14.json"')).toBe(
      'sonhario-export-2026-03-14.json',
    );
    expect(fileNameOf('attachment; filename=sonhario-export.html')).toBe('sonhario-export.html');
  });

  it('prefers the UTF-8 name of RFC 6266 when both are given', () => {
    expect(fileNameOf(`attachment; filename="sonhos.json"; filename*=UTF-8''sonh%C3%A1rio%202026.json`)).toBe(
      'sonhário 2026.json',
    );
  });

  it('is null without a header or a name', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
