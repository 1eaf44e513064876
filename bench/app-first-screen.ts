// What the signed-in app's first screen costs a phone in JS: a fresh visit to `/app` with a stored session, every
// script it loads until the dashboard's 'Hoje' card is on screen, each with its gzip size from the build, sorted by
// size, beside issue 34's target (≤ 150 KB gzip for the first screen). Starts the built server on a temporary data
// directory and Debian's Chromium (`CHROMIUM_PATH` to change it). `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const TARGET_KB = 150;
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dataDir = await mkdtemp(path.join(tmpdir(), 'sonhario-bench-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: base,
    AUTH_AUTOCONFIRM: 'true',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const loadBefore = loadavg()[0]!;
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const signIn = await browser.newContext({ baseURL: base });
  const page = await signIn.newPage();
  const email = `bench-${Date.now()}@example.com`;
  await page.goto('/login?tab=signup');
  const form = page.getByRole('form', { name: 'Cadastro' });
  await form.getByLabel('Nome', { exact: true }).fill('Bench');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Senha', { exact: true }).fill('noite-estrelada');
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Criar conta' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/app'));
  const storage = await signIn.storageState();
  await signIn.close();

  const context = await browser.newContext({ baseURL: base, storageState: storage, serviceWorkers: 'block' });
  const visit = await context.newPage();
  const scripts: string[] = [];
  visit.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) scripts.push(url.pathname);
  });
  await visit.goto('/app');
  await visit.getByRole('heading', { name: 'Hoje' }).waitFor();
  const firstScreen = [...new Set(scripts)];
  const rows = await Promise.all(
    firstScreen.map(async (asset) => ({
      file: asset,
      gzip: gzipSync(await readFile(path.join(dist, asset)), { level: 9 }).length,
    })),
  );
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  console.table(rows.map((row) => ({ file: row.file, gzip: kb(row.gzip) })));
  console.log(
    `/app first screen: ${rows.length} scripts, JS ${kb(total)} gzip (target ≤ ${TARGET_KB} KB: ${total <= TARGET_KB * 1024 ? 'met' : `over by ${kb(total - TARGET_KB * 1024)}`}); load ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}`,
  );
  await browser.close();
} finally {
  server.kill();
  await rm(dataDir, { recursive: true, force: true });
}
