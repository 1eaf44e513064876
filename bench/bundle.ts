// What the app costs a phone to start: the gzip size of the JS and CSS that index.html loads (entry,
// modulepreloads, stylesheets), and of the whole build for comparison. The landing page loads none of this JS
// before its first paint, only a boot script that imports it when needed (decisions 022, 024).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const BUDGET_KB = 120;

const gz = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const html = await readFile(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1]!,
);
const unique = [...new Set(initial)];
const rows: { file: string; gzip: string }[] = [];
let initialJs = 0;
let initialCss = 0;
for (const asset of unique) {
  const size = await gz(path.join(dist, asset));
  rows.push({ file: asset, gzip: kb(size) });
  if (asset.endsWith('.js')) initialJs += size;
  else initialCss += size;
}
let allJs = 0;
let allCss = 0;
let chunks = 0;
const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
  .filter((e) => e.isFile())
  .map((e) => path.join(e.parentPath, e.name));
for (const file of files) {
  if (file.endsWith('.js')) {
    allJs += await gz(file);
    chunks += 1;
  } else if (file.endsWith('.css')) allCss += await gz(file);
}
console.table(rows);
console.log(
  `app start (index.html; the landing page hydrates with the same): JS ${kb(initialJs)} gzip, CSS ${kb(initialCss)} gzip (budget: JS ≤ ${BUDGET_KB} KB)`,
);
console.log(`whole build: JS ${kb(allJs)} gzip in ${chunks} chunks, CSS ${kb(allCss)} gzip`);
console.log(initialJs <= BUDGET_KB * 1024 ? 'within budget' : `OVER BUDGET by ${kb(initialJs - BUDGET_KB * 1024)}`);
