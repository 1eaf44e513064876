// Builds the web app and the server only when the build is missing or its inputs changed (docs/decisions/033).
//
//   node scripts/build-if-changed.mjs           build if needed (npm start, npm test, npm run admin)
//   node scripts/build-if-changed.mjs --stamp   record the current inputs as built (the end of `npm run build`)
//   node scripts/build-if-changed.mjs --check   exit 0 when up to date, 1 when a build is needed; builds nothing
//
// The inputs are hashed by content (path and bytes), not by modification time: a `git checkout` or a copy changes
// times without changing the build, and a restored file keeps an old time while changing it.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Outside the outputs: `npm run build -w @sonhario/server` (the benches) empties apps/server/dist, and a stamp there
// would vanish with it although nothing changed. A fresh `node_modules` (npm ci) drops it, and the next start builds.
const STAMP = path.join(root, 'node_modules/.cache/sonhario/build-stamp.json');

/** What the build reads: sources, their configs, and the lockfile (dependency versions end up in the bundles). */
const INPUT_DIRS = ['apps/web', 'apps/server/src', 'packages/contracts'];
const INPUT_FILES = ['package-lock.json', 'apps/server/build.mjs', 'apps/server/package.json'];
/** Never bundled: outputs, dependencies, tests. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);
const isSkippedFile = (name) => /\.test\.tsx?$/.test(name) || name === '.DS_Store';

/** The build's outputs; one missing means a build whatever the stamp says. */
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js', 'apps/server/dist/cli.js'];

function listFiles(dir) {
  const files = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...listFiles(relative));
    } else if (entry.isFile() && !isSkippedFile(entry.name)) {
      files.push(relative);
    }
  }
  return files;
}

function hashInputs() {
  const hash = createHash('sha256');
  // The landing page's footer prints the build year (apps/web/vite.config.ts): a new year is a new build.
  hash.update(`year ${String(new Date().getFullYear())}\n`);
  const files = [...INPUT_DIRS.flatMap(listFiles), ...INPUT_FILES].sort();
  for (const file of files) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\n');
  }
  return { hash: hash.digest('hex'), files: files.length };
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

/** Why a build is needed, or null when the last one is still current. */
function staleReason(current) {
  const missing = OUTPUTS.find((file) => !existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  const stamp = readStamp();
  if (!stamp) return 'no record of the last build';
  if (stamp.hash !== current.hash) return 'sources changed since the last build';
  return null;
}

const mode = process.argv[2];
const current = hashInputs();
const writeStamp = () => {
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${JSON.stringify({ ...current, builtAt: new Date().toISOString() }, null, 2)}\n`);
};
if (mode === '--stamp') {
  writeStamp();
  process.exit(0);
}
const reason = staleReason(current);
if (mode === '--check') {
  console.log(reason ? `build needed: ${reason}` : 'build is up to date');
  process.exit(reason ? 1 : 0);
}
if (reason === null) process.exit(0);
// stderr: `npm run admin -- keys | …` keeps a clean stdout.
console.error(`building (${reason}); this takes a minute or more`);
const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
if (result.status !== 0) process.exit(result.status ?? 1);
// The inputs as they were when the build began: a file saved during the build makes the next check build again.
writeStamp();
