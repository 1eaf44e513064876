import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;',
    );
  });

  it('leaves other text, accents included, as it is', () => {
    expect(escapeHtml('Sonhei com o mar — ção')).toBe('Sonhei com o mar — ção');
  });

  it('prints numbers and turns missing values into nothing', () => {
    expect(escapeHtml(3)).toBe('3');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });
});
