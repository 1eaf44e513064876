import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/** Writes .gz and .br beside every compressible asset so the server sends them without compressing per request. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'sonhario-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const file of entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))) {
        // The HTML pages get the runtime config injected when served, and are compressed then.
        if (!COMPRESSIBLE.test(file) || file.endsWith('.html')) continue;
        const data = await readFile(file);
        if (data.length < 1024) continue;
        const [gz, br] = await Promise.all([
          gzipAsync(data, { level: 9 }),
          brotliAsync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        ]);
        await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      }
    },
  };
}
