import type { Dream } from '@sonhario/contracts/dreams';
import { describe, expect, it } from 'vitest';
import { replayPatch } from './replay-patch';

const stored: Dream = {
  id: '4f1c3f5e-1d1b-4b6e-9a7e-2f4c8d1e0a11',
  title: 'Um jardim',
  isTitleDerived: true,
  content: 'Um jardim',
  notes: null,
  dreamtOn: '2026-03-13',
  recordedAt: '2026-03-14T09:00:00.000Z',
  updatedAt: '2026-03-14T09:00:00.000Z',
  mood: null,
  emotions: [],
  tags: [],
  lucidity: 0,
  vividness: null,
  sleepQuality: null,
  isNightmare: false,
  isRecurring: false,
  version: 3,
};

describe('replayPatch (a retried save that the server had already recorded)', () => {
  it('is null when the retry sent what the server has', () => {
    expect(
      replayPatch(stored, { content: '  Um jardim ', title: null, dreamtOn: '2026-03-13', emotions: [], tags: [] }),
    ).toBeNull();
  });

  it('patches what changed in between, with the stored version', () => {
    expect(
      replayPatch(stored, {
        content: 'Um jardim de vidro.',
        title: 'Vidro',
        emotions: ['paz'],
        tags: [' mar '],
        isNightmare: true,
        mood: 3,
      }),
    ).toEqual({
      content: 'Um jardim de vidro.',
      title: 'Vidro',
      emotions: ['paz'],
      tags: ['mar'],
      isNightmare: true,
      mood: 3,
      version: 3,
    });
  });

  it('clears a title the user removed', () => {
    expect(
      replayPatch({ ...stored, title: 'Antigo', isTitleDerived: false }, { content: 'Um jardim', title: '' }),
    ).toEqual({
      title: null,
      version: 3,
    });
  });
});
