// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's feature folders: a feature never imports another (CONVENTIONS 13, bulletproof-react). */
const WEB_FEATURES = [
  'account',
  'analyses',
  'auth',
  'chat',
  'consents',
  'credits',
  'dreams',
  'landing',
  'legal',
  'overview',
  'profile',
  'rewards',
];

const web = 'apps/web/src';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/server/src/db/migrations/**',
      'apps/web/src/components/ui/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x does not parse TypeScript modules and no-cycle sees no edges.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        // TypeScript's own resolution (the `@/` alias of the web app, `.ts` extensions, workspace packages).
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'tsconfig.json'],
        }),
      ],
    },
    rules: {
      // What the review asked for: no promise left floating, no `any`, no import cycle.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Numbers and booleans in template strings are what people write; objects are not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `void promise` marks a deliberate fire-and-forget (an event handler, a timer).
      '@typescript-eslint/no-confusing-void-expression': [
        'error',
        { ignoreArrowShorthand: true, ignoreVoidOperator: true },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify plugins, hooks and handlers are async functions by contract (a plugin that registers routes
      // awaits nothing); requiring an `await` in each would mean callback-style plugins or dummy awaits.
      '@typescript-eslint/require-await': 'off',
      // zod and drizzle infer types that these rules cannot see through without noise.
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
    },
  },
  {
    // Server layering: repositories never call services; only repositories and db/ import the database driver.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.service.ts', '**/*.service'],
              message: 'A repository never calls a service (CONVENTIONS 14).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react',
              importNames: ['lazy'],
              message:
                "A lazy part is made with lazyPart (components/lazy-part.tsx): a chunk that does not arrive fails in its place, not the whole page's (decision 052).",
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature imports no other feature: shared code lives in components/, lib/, hooks/; app/ composes.
            ...WEB_FEATURES.map((feature) => ({
              target: `./${web}/features/${feature}`,
              from: `./${web}/features`,
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: move shared code to components/, lib/ or hooks/, or compose in app/.',
            })),
            // Shared code depends on neither features nor the app; features do not reach into app/.
            {
              target: [`./${web}/components`, `./${web}/lib`, `./${web}/hooks`],
              from: [`./${web}/features`, `./${web}/app`],
              message: 'Shared code (components/, lib/, hooks/) imports no feature and nothing from app/.',
            },
            {
              target: `./${web}/features`,
              from: `./${web}/app`,
              message: 'Features do not import from app/: app/ composes features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${web}/components/lazy-part.tsx`],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests read JSON answers (`inject().json()`, `response.json()` are `any` by their libraries' design) and assert
    // on them field by field; typing each answer would restate the contracts the assertions check. The code under
    // test gets no such leeway, and `any` may still not be written in a test.
    files: ['**/*.test.{ts,tsx}', '**/*.testing.ts', 'e2e/**', 'bench/**', `${web}/test/**`],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
