import { readFile } from 'node:fs/promises';
import { fileURLToPath, URL } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('../src/sw/push.ts', import.meta.url));

/**
 * The service worker's push handlers (src/sw/push.ts, docs/decisions/037) as `sw-push.js`, a classic script the
 * Workbox worker loads with importScripts (build/pwa.ts), like sw-sync.js. push.ts imports nothing, so stripping its
 * types and `export`s is all it takes; the script calls `installPushHandlers(self)`.
 */
export function servicePushScript(): Plugin {
  return {
    name: 'sonhario-sw-push',
    apply: 'build',
    async generateBundle() {
      const { code } = await transformWithOxc(await readFile(SOURCE, 'utf8'), SOURCE, { lang: 'ts' });
      const body = code.replace(/^export /gm, '');
      this.emitFile({
        type: 'asset',
        fileName: 'sw-push.js',
        source: `/* Sonhário: Web Push in the service worker (src/sw/push.ts) */\n(() => {\n${body}\ninstallPushHandlers(self);\n})();\n`,
      });
    },
  };
}
