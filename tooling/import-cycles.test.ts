import { describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.ts';

describe('findImportCycles', () => {
  it('finds a cycle made of a type-only import (which import-x/no-cycle skips)', () => {
    expect(findImportCycles('tooling/fixtures/type-cycle/tsconfig.json')).toEqual([
      ['src/app.ts', 'src/routes.ts', 'src/app.ts'],
    ]);
  });

  it.each(['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contracts/tsconfig.json'])(
    'finds no import cycle in %s, type imports counted',
    (project) => {
      expect(findImportCycles(project)).toEqual([]);
    },
  );
});
