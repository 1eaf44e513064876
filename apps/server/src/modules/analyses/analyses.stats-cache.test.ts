import type { AnalysisStats } from '@sonhario/contracts/analyses';
import { describe, expect, it } from 'vitest';
import { StatsCache } from './analyses.service.ts';

const statsOf = (total: number): AnalysisStats => ({ total, symbols: [], themes: [], emotions: [], dreamTypes: [] });

describe('analysis stats cache', () => {
  it('answers only for the signature the aggregates were computed under', () => {
    const cache = new StatsCache();
    cache.set('u1', 'sig-1', statsOf(1));
    expect(cache.get('u1', 'sig-1')).toEqual(statsOf(1));
    expect(cache.get('u1', 'sig-2')).toBeUndefined();
    expect(cache.get('u2', 'sig-1')).toBeUndefined();
  });

  it('evicts the least recently used user beyond its capacity', () => {
    const cache = new StatsCache(2);
    cache.set('a', 's', statsOf(1));
    cache.set('b', 's', statsOf(2));
    expect(cache.get('a', 's')).toEqual(statsOf(1)); // a is now the most recent
    cache.set('c', 's', statsOf(3)); // evicts b
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.get('a', 's')).toEqual(statsOf(1));
    expect(cache.get('c', 's')).toEqual(statsOf(3));
  });

  it('does not count a lookup under a stale signature as a use', () => {
    const cache = new StatsCache(2);
    cache.set('a', 'old', statsOf(1));
    cache.set('b', 's', statsOf(2));
    expect(cache.get('a', 'new')).toBeUndefined();
    cache.set('c', 's', statsOf(3)); // a is still the least recently used
    expect(cache.get('a', 'old')).toBeUndefined();
    expect(cache.get('b', 's')).toEqual(statsOf(2));
  });

  it('forgets a user entirely (account deletion)', () => {
    const cache = new StatsCache();
    cache.set('u1', 'sig', statsOf(1));
    cache.forget('u1');
    expect(cache.get('u1', 'sig')).toBeUndefined();
  });
});
