import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint rules (eslint.config.js) against fixtures: each rule fires on a snippet that breaks it and
// not on its legal twin. The snippets are linted under the real config at made-up paths; the type-aware rules are off
// (they need the files on disk and say nothing about layout), the rules under test need no types.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: tseslint.configs.disableTypeChecked });

async function rulesFired(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const web = 'apps/web/src';
const server = 'apps/server/src';

describe('a web feature never imports another', () => {
  it.each([
    `${web}/features/reports/components/fixture.tsx`,
    // patterns was missing from the list typed by hand: the list now comes from the folder
    `${web}/features/patterns/charts/fixture.ts`,
  ])('fires in %s importing another feature', async (filePath) => {
    expect(await rulesFired(filePath, "export { useDreams } from '@/features/dreams/api/use-dreams';")).toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('does not fire on shared code or on the feature itself', async () => {
    const code = [
      "export { authorLabel } from '@/lib/analysis-author';",
      "export { useReportMonths } from '@/features/reports/api/use-reports';",
    ].join('\n');
    expect(await rulesFired(`${web}/features/reports/components/fixture.tsx`, code)).not.toContain(
      'import-x/no-restricted-paths',
    );
  });
});

describe('server layers', () => {
  const restricted = '@typescript-eslint/no-restricted-imports';

  it.each([
    ['a service', `${server}/modules/dreams/dreams.service.ts`, "export { sql } from 'drizzle-orm';"],
    [
      'a plugin',
      `${server}/modules/dreams/dreams.plugin.ts`,
      "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;",
    ],
    ['a route', `${server}/modules/dreams/dreams.routes.ts`, "export { dreams } from '../../db/schema/dreams.ts';"],
    ['a service', `${server}/modules/dreams/dreams.service.ts`, "export { createDatabase } from '../../db/client.ts';"],
  ])('drizzle, the tables and opening a database are refused in %s (%s)', async (_what, filePath, code) => {
    expect(await rulesFired(filePath, code)).toContain(restricted);
  });

  it('allows the database in a repository, and its types anywhere', async () => {
    const query =
      "import { sql } from 'drizzle-orm';\nimport { dreams } from '../../db/schema/dreams.ts';\nexport const q = [sql, dreams];";
    expect(await rulesFired(`${server}/modules/dreams/dreams.repository.ts`, query)).not.toContain(restricted);
    const types =
      "import type { SQL } from 'drizzle-orm';\nimport type { DbOrTx } from '../../db/client.ts';\nexport type T = [SQL, DbOrTx];";
    expect(await rulesFired(`${server}/modules/dreams/dreams.service.ts`, types)).not.toContain(restricted);
  });

  it('refuses a repository in a route and a route in a service; a route may call a service', async () => {
    expect(
      await rulesFired(
        `${server}/modules/dreams/dreams.routes.ts`,
        "export { purgeExpiredDreams } from './dreams.repository.ts';",
      ),
    ).toContain(restricted);
    expect(
      await rulesFired(
        `${server}/modules/dreams/dreams.service.ts`,
        "export { dreamsRoutes } from './dreams.routes.ts';",
      ),
    ).toContain(restricted);
    expect(
      await rulesFired(`${server}/modules/dreams/dreams.routes.ts`, "export { getDream } from './dreams.service.ts';"),
    ).not.toContain(restricted);
  });

  it('refuses a service in a repository', async () => {
    expect(
      await rulesFired(
        `${server}/modules/dreams/dreams.repository.ts`,
        "export { getDream } from './dreams.service.ts';",
      ),
    ).toContain(restricted);
  });
});

describe('module files are named <module>.<role>.ts', () => {
  const rule = 'sonhario/module-file-name';

  it.each([`${server}/modules/dreams/dream-helpers.ts`, `${server}/modules/chat/chat-provider.ts`])(
    'fires on %s',
    async (filePath) => {
      expect(await rulesFired(filePath, 'export const x = 1;')).toContain(rule);
    },
  );

  it.each([
    `${server}/modules/dreams/dreams.helpers.ts`,
    `${server}/modules/account/account.data.routes.test.ts`,
    `${server}/modules/streaks/streaks.ts`,
    `${server}/modules/patterns/charts.service.ts`,
    `${server}/modules/analyses/providers/any-name.ts`,
  ])('does not fire on %s', async (filePath) => {
    expect(await rulesFired(filePath, 'export const x = 1;')).not.toContain(rule);
  });
});

describe('query keys come from lib/query-keys.ts', () => {
  const rule = 'no-restricted-syntax';
  const filePath = `${web}/features/chat/api/fixture.ts`;
  const header =
    "import { useQuery, useQueryClient } from '@tanstack/react-query';\nimport { queryKeys } from '@/lib/query-keys';\n";

  it.each([
    ['an inline key', "export const use = () => useQuery({ queryKey: ['chat', 'usage'], queryFn: () => 1 });"],
    ['a key grown from another', "export const key = [...queryKeys.dreams.all, 'signs'] as const;"],
    ['a literal key given to the client', "export const use = () => useQueryClient().setQueryData(['chat'], 1);"],
  ])('fires on %s', async (_what, code) => {
    expect(await rulesFired(filePath, header + code)).toContain(rule);
  });

  it('does not fire on keys from the module, nor in the module itself', async () => {
    const code = 'export const use = () => useQuery({ queryKey: queryKeys.chat.usage, queryFn: () => 1 });';
    expect(await rulesFired(filePath, header + code)).not.toContain(rule);
    expect(
      await rulesFired(`${web}/lib/query-keys.ts`, "export const k = { a: ['a'] as const, b: [...['a'], 'b'] };"),
    ).not.toContain(rule);
  });
});

describe('units a reader can hold: functions up to 120 lines, files up to 400', () => {
  /** A function of `n` statements (one line each), and a module of `n` one-line declarations. */
  const longFunction = (n: number) =>
    `export function steps(): number {\n  let x = 0;\n${'  x += 1;\n'.repeat(n)}  return x;\n}\n`;
  const longModule = (n: number) =>
    Array.from({ length: n }, (_, i) => `export const v${String(i)} = ${String(i)};`).join('\n');

  it.each([`${server}/modules/dreams/dreams.service.ts`, `${web}/features/dreams/components/fixture.tsx`])(
    'fires on a long function and a long file in %s',
    async (filePath) => {
      expect(await rulesFired(filePath, longFunction(130))).toContain('max-lines-per-function');
      expect(await rulesFired(filePath, longModule(420))).toContain('max-lines');
    },
  );

  it('counts neither blank lines nor comments', async () => {
    const padded = `export function steps(): number {\n${'  // a note\n\n'.repeat(200)}  return 1;\n}\n`;
    expect(await rulesFired(`${server}/modules/dreams/dreams.service.ts`, padded)).not.toContain(
      'max-lines-per-function',
    );
  });

  it.each([
    `${server}/modules/dreams/dreams.routes.test.ts`,
    `${server}/modules/analyses/builtin/analyzer-words.data.ts`,
    `${web}/features/legal/components/privacy-policy-en.tsx`,
  ])('does not fire on tests or data tables (%s)', async (filePath) => {
    const fired = await rulesFired(filePath, longFunction(130) + longModule(420));
    expect(fired).not.toContain('max-lines-per-function');
    expect(fired).not.toContain('max-lines');
  });
});
