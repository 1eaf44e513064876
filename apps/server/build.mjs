// Bundles the server and the admin CLI (and the workspace packages they import) into dist/main.js and dist/cli.js;
// npm dependencies stay external. The CLI is bundled so `npm run admin` starts in about a second, not compiled per call.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8'));
// Workspace packages ship TypeScript sources, which Node does not load: they are bundled in.
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
  (name) => !name.startsWith('@sonhario/'),
);

await rm(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'src/main.ts'), cli: path.join(root, 'src/cli.ts') },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
await cp(path.join(root, 'src/db/migrations'), path.join(root, 'dist/migrations'), { recursive: true });
console.log('server built: apps/server/dist/main.js, apps/server/dist/cli.js');
