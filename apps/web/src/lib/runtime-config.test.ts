import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './runtime-config';

function documentWithConfig(content: string | null) {
  const doc = document.implementation.createHTMLDocument('test');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'sonhario-config';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readRuntimeConfig', () => {
  it('reads the values the server injected into the meta tag', () => {
    const doc = documentWithConfig(
      JSON.stringify({
        supabaseUrl: 'https://abc.supabase.co',
        supabaseAnonKey: 'anon-key',
        productName: 'Sonhário',
        apiUrl: 'https://api.example.com',
      }),
    );
    expect(readRuntimeConfig(doc)).toEqual({
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'anon-key',
      productName: 'Sonhário',
      apiUrl: 'https://api.example.com',
    });
  });

  it('falls back to this origin for the auth URL when the tag is the empty placeholder', () => {
    expect(readRuntimeConfig(documentWithConfig('{}'))).toEqual({
      supabaseUrl: window.location.origin,
    });
  });

  it('survives a missing or malformed tag and ignores values that are not strings', () => {
    expect(readRuntimeConfig(documentWithConfig(null))).toEqual({
      supabaseUrl: window.location.origin,
    });
    expect(readRuntimeConfig(documentWithConfig('{not json'))).toEqual({
      supabaseUrl: window.location.origin,
    });
    expect(readRuntimeConfig(documentWithConfig('{"supabaseUrl": 42, "supabaseAnonKey": "k", "extra": "x"}'))).toEqual({
      supabaseUrl: window.location.origin,
      supabaseAnonKey: 'k',
    });
  });
});
