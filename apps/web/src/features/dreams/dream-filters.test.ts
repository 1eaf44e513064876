import { describe, expect, it } from 'vitest';
import { countFilters, filtersFromSearchParams, hasAnyFilter, searchParamsFromFilters } from './dream-filters';

describe('dream filters in the URL', () => {
  it('reads every filter, with booleans as booleans', () => {
    const params = new URLSearchParams(
      'q=+voar+&from=2026-01-01&to=2026-01-31&emotion=confusão&tag=mar&lucid=true&nightmare=false&recurring=true',
    );
    expect(filtersFromSearchParams(params)).toEqual({
      q: 'voar',
      from: '2026-01-01',
      to: '2026-01-31',
      emotion: 'confusão',
      tag: 'mar',
      lucid: true,
      nightmare: false,
      recurring: true,
    });
  });

  it('drops what the API would refuse', () => {
    const params = new URLSearchParams(`q=%20&from=2026-13-45&emotion=euforia&tag=${'x'.repeat(41)}&lucid=sim`);
    expect(filtersFromSearchParams(params)).toEqual({});
  });

  it('writes them back in a stable order, leaving out the unset ones', () => {
    expect(searchParamsFromFilters({ nightmare: true, q: 'voar', emotion: 'medo', tag: undefined }).toString()).toBe(
      'q=voar&emotion=medo&nightmare=true',
    );
  });

  it('counts the filters beside the search', () => {
    expect(countFilters({ q: 'voar', emotion: 'medo', lucid: false })).toBe(2);
    expect(hasAnyFilter({ q: 'voar' })).toBe(true);
    expect(hasAnyFilter({})).toBe(false);
  });
});
