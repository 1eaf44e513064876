// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = 'apps/web/src';
const server = 'apps/server/src';

/**
 * The web app's feature folders, read from the disk: a feature never imports another (docs/conventions.md,
 * 'The web app'; bulletproof-react), and a new folder is covered without editing this file.
 */
const WEB_FEATURES = readdirSync(path.join(import.meta.dirname, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Server layers (docs/conventions.md, 'Layers'): routes → services → repositories → the database. Type imports may
// cross (a service names a row type, a handle's type); values may not.
const DATABASE_IMPORTS = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'],
    allowTypeImports: true,
    message:
      "Queries live in *.repository.ts (or src/db/): only they import the database driver (docs/conventions.md, 'Layers').",
  },
  {
    group: ['**/db/**', '!**/db/client.ts'],
    allowTypeImports: true,
    message: "Tables and database tools are used in *.repository.ts (or src/db/) only (docs/conventions.md, 'Layers').",
  },
  {
    group: ['**/db/client.ts'],
    importNames: ['createDatabase', 'pgliteDatabase'],
    message: 'Only the composition roots (app.ts, cli.ts, startup/) open a database.',
  },
];
const NO_REPOSITORY = {
  group: ['**/*.repository.ts', '**/*.repository'],
  message: "A route calls a service, never a repository (docs/conventions.md, 'Layers').",
};
const NO_ROUTES = {
  group: ['**/*.routes.ts', '**/*.routes'],
  message: "A service knows nothing of HTTP: it never imports routes (docs/conventions.md, 'Layers').",
};
const NO_SERVICE = {
  group: ['**/*.service.ts', '**/*.service'],
  message: "A repository never calls a service (docs/conventions.md, 'Layers').",
};
/** The one import rule a server file gets (a later block replaces an earlier one's options, so each lists all). */
const serverImports = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

/**
 * `apps/server/src/modules/<module>/<module>.<role>.ts` (docs/conventions.md, 'Server modules'): a file directly in a
 * module's folder starts with the module's name (`dreams.routes.ts`, `account.data.service.ts`,
 * `chat.builtin.test.ts`); a module of one file may be `<module>.ts`. Subfolders (analyses/builtin, analyses/providers, analyses/text) are named by part.
 * Files named before the rule, by the part before their first dot (issue 33):
 */
const MODULE_FILE_PREFIXES = {
  // The AI pipeline (decision 062) is a kit of parts, each named by what it is, as analyses/providers/ is.
  ai: ['anthropic', 'create-vendor', 'event-stream', 'json-stream', 'openai', 'provider-error', 'vendor'],
  // Three features behind one module (charts, dream signs, similar dreams), each with its own routes, service and
  // repository, and the parts they share.
  patterns: ['answer-cache', 'buckets', 'charts', 'journal-context', 'signs', 'similar'],
  // Web Push, the reminders' delivery; to be renamed with the module's next change.
  reminders: ['push'],
  // The one safety layer (decision 056), imported by every reading, answer and report by these names.
  safety: ['distress', 'prompt-paragraph', 'safe-reply'],
};

/** Every TanStack Query key comes from lib/query-keys.ts, so a write knows exactly what to invalidate. */
const QUERY_KEY_MESSAGE = 'A query key is made in lib/query-keys.ts (every key in one place): use queryKeys.';
const QUERY_KEYS_FROM_ONE_MODULE = [
  'error',
  // `useQuery({ queryKey: ['chat', …] })`, `removeQueries({ queryKey: […] })`
  { selector: 'Property[key.name=/^(queryKey|mutationKey)$/] > ArrayExpression', message: QUERY_KEY_MESSAGE },
  // `const key = [...queryKeys.dreams.all, 'signs']`: a new key grown outside the module
  { selector: "ArrayExpression > SpreadElement Identifier[name='queryKeys']", message: QUERY_KEY_MESSAGE },
  // `queryClient.setQueryData(['reports', …], …)`
  {
    selector: 'CallExpression[callee.property.name=/Quer(y|ies)(Data|State)?$/] > ArrayExpression.arguments',
    message: QUERY_KEY_MESSAGE,
  },
];

/** The project's own rules, for what no installed plugin checks. */
const sonhario = {
  rules: {
    'module-file-name': {
      meta: {
        type: 'suggestion',
        schema: [],
        messages: {
          name: "A module's file is named `{{module}}.<role>.ts` (docs/conventions.md, 'Server modules'): '{{file}}' is not.",
        },
      },
      create(context) {
        const relative = path.relative(path.join(import.meta.dirname, server, 'modules'), context.physicalFilename);
        const [module, file, ...deeper] = relative.split(path.sep);
        if (!module || !file || deeper.length > 0 || relative.startsWith('..')) return {};
        const prefix = file.split('.')[0] ?? '';
        const isNamed =
          new RegExp(`^${module}(\\.[a-z0-9-]+)*\\.ts$`).test(file) ||
          (MODULE_FILE_PREFIXES[/** @type {keyof typeof MODULE_FILE_PREFIXES} */ (module)] ?? []).includes(prefix);
        return isNamed
          ? {}
          : { Program: (node) => context.report({ node, messageId: 'name', data: { module, file } }) };
      },
    },
  },
};

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
    plugins: { 'import-x': importX, sonhario },
    settings: {
      // Without these, import-x does not parse TypeScript modules and no-restricted-paths resolves no import.
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
      // What the review asked for: no promise left floating, no `any`. (Import cycles, type imports counted, are
      // found by tooling/import-cycles.ts, which `npm run lint` runs after ESLint: decision 071.)
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
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
    files: [`${server}/**/*.ts`],
    rules: { ...serverImports(...DATABASE_IMPORTS), 'sonhario/module-file-name': 'error' },
  },
  { files: [`${server}/**/*.routes.ts`], rules: serverImports(...DATABASE_IMPORTS, NO_REPOSITORY) },
  { files: [`${server}/**/*.service.ts`], rules: serverImports(...DATABASE_IMPORTS, NO_ROUTES) },
  { files: [`${server}/**/*.repository.ts`], rules: serverImports(NO_SERVICE) },
  {
    // The database's own code; the composition roots, which open, check and back up the database; tests, which
    // read the rows they assert on.
    files: [
      `${server}/db/**`,
      `${server}/app.ts`,
      `${server}/cli.ts`,
      `${server}/startup/**`,
      `${server}/test/**`,
      `${server}/**/*.test.ts`,
      `${server}/**/*.testing.ts`,
    ],
    rules: serverImports(),
  },
  {
    // Narrow exceptions that open a database of their own: the key store's own database (KEYSTORE_DATABASE_URL),
    // and the support commands (`npm run admin -- support`), the only commands that open the key ring.
    files: [`${server}/modules/keys/keys.service.ts`],
    rules: serverImports(DATABASE_IMPORTS[0], DATABASE_IMPORTS[1], NO_ROUTES),
  },
  {
    files: [`${server}/modules/support/support.cli.ts`],
    rules: serverImports(DATABASE_IMPORTS[0], DATABASE_IMPORTS[1]),
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': QUERY_KEYS_FROM_ONE_MODULE,
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
    // The module itself; and tests, which write a key as the cache holds it to check what is cached.
    files: [`${web}/lib/query-keys.ts`, `${web}/**/*.test.{ts,tsx}`],
    rules: { 'no-restricted-syntax': 'off' },
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
    // Units a reader can hold (issue 33; docs/conventions.md): no production function over 120 lines and no production
    // file over 400, blank lines and comments not counted. Tests, and data a reader scans rather than follows (word
    // tables, the legal texts), are exempt.
    files: [`${server}/**/*.ts`, `${web}/**/*.{ts,tsx}`, 'packages/contracts/src/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.testing.ts',
      `${server}/test/**`,
      `${web}/test/**`,
      '**/*.data.ts',
      `${server}/modules/analyses/builtin/lexicon.ts`,
      `${web}/features/legal/components/*.tsx`,
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
