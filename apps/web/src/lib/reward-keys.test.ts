import { ACHIEVEMENTS, LEVEL_THRESHOLDS } from '@sonhario/contracts/rewards';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import ptBR from '@/locales/pt-BR.json';
import { achievementKey, levelKey } from './reward-keys';

/** The text at a dotted key of a locale, or undefined. */
const textAt = (locale: object, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], locale);

describe('the rewards catalogue’s texts (locales/*.json rewards.achievements and rewards.levels)', () => {
  it.each([
    ['pt-BR', ptBR],
    ['en', en],
  ])('names and describes every achievement of the catalogue in %s', (_, locale) => {
    const missing = ACHIEVEMENTS.flatMap(({ id }) =>
      (['name', 'description'] as const)
        .map((field) => achievementKey(id, field))
        .filter((key) => typeof textAt(locale, key) !== 'string'),
    );
    expect(missing).toEqual([]);
  });

  it('names every level, in pt-BR as decision 026 lists them', () => {
    const names = LEVEL_THRESHOLDS.map((_, index) => textAt(ptBR, levelKey(index + 1)));
    expect(names).toEqual([
      'Semente de Sonho',
      'Viajante Noturno',
      'Observador de Estrelas',
      'Guardião do Diário',
      'Tecelão de Sonhos',
      'Explorador do Inconsciente',
      'Navegador Lúcido',
      'Sábio da Lua',
      'Mestre Onírico',
      'Oráculo da Noite',
    ]);
    expect(LEVEL_THRESHOLDS.map((_, index) => typeof textAt(en, levelKey(index + 1)))).not.toContain('undefined');
  });
});
