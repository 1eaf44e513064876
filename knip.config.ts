import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['e2e/**/*.e2e.ts', 'bench/*.ts'],
      project: ['e2e/**/*.ts', 'bench/**/*.ts', '*.{js,ts}'],
    },
    'apps/server': {
      // fake-stripe.main.ts: the Stripe stand-in as its own process, for browser journeys (started by path).
      entry: ['src/**/*.test.ts', 'src/test/fake-stripe.main.ts'],
      project: ['src/**/*.ts'],
    },
    'apps/web': {
      // The landing page's prerender entry is built by build/prerender.ts from its path, which knip cannot follow;
      // src/lib/zod-jitless.ts is what `zod` resolves to (vite.config.ts's alias).
      entry: ['src/**/*.test.{ts,tsx}', 'build/*.ts', 'src/prerender-pages.tsx', 'src/lib/zod-jitless.ts'],
      project: ['src/**/*.{ts,tsx,css}', 'build/**/*.ts'],
      // shadcn/ui primitives are vendored whole (docs/decisions/012): their unused parts are kept on purpose.
      ignore: ['src/components/ui/**'],
    },
    'packages/contracts': {
      entry: ['src/*.ts'],
      project: ['src/**/*.ts'],
    },
  },
  // The entry stylesheet imports packages (Tailwind, animations) and takes font files from packages by url():
  // count both as uses.
  compilers: {
    css: (text: string) =>
      [...text.matchAll(/@(?:import|plugin)\s+['"]([^'"]+)['"]|url\(['"]?(@[^'")]+)['"]?\)/g)]
        .map(([, imported, url]) => `import '${imported ?? url ?? ''}';`)
        .join('\n'),
  },
};

export default config;
