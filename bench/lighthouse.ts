// Lighthouse on the production build as a phone sees it: mobile form factor and Lighthouse's default simulated
// throttling (slow 4G, 4× CPU slowdown), on the landing page `/`, the sign-in page `/login` and the signed-in home
// `/app`. Builds if the sources changed (scripts/build-if-changed.mjs), starts the built server on a fresh data dir,
// signs up a confirmed user through the auth API with a few dreams, signs it in through the app's form in Debian's
// Chromium (never a downloaded browser), and runs Lighthouse N times per page.
//
//   npm run bench:lighthouse                         3 runs per page, each printed, and the medians
//   npm run bench:lighthouse -- --runs 5 --pages /,/app
//   npm run bench:lighthouse -- --assert             exit 1 when a median misses the targets below
//
// Signed in: supabase-js keeps the session in localStorage, and Lighthouse 13's storage reset (its default
// `clearStorageTypes`: file systems, shader cache, service workers, cache storage, plus the HTTP cache) leaves
// localStorage alone, so a sign-in through the form in the same browser profile, before the runs, carries over
// to the tab Lighthouse opens. Every run still loads with a cold HTTP cache and no service worker.
//
// Lighthouse's numbers depend on the machine's load: the load average is printed before and after the runs.
// CHROMIUM_PATH picks another browser; BENCH_DATABASE_URL runs the server on that PostgreSQL instead of its default;
// WEB_DIST_DIR serves another build of the web app; BENCH_LIGHTHOUSE_REPORT=<dir> keeps each page's last full
// report there (network requests, LCP element, traces).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Result } from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
import { getApiKeys } from '../apps/server/src/modules/auth/auth.tokens.ts';
import { CONSENT_VERSION } from '../packages/contracts/src/consents.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium.ts';
import { createDream } from './support/dreams.ts';
import { currentCommit, loadAverage } from './support/run-info.ts';
import { buildUnlessWebDistGiven, seedingEnv, startProductServer } from './support/servers.ts';

/** Issue 19's targets, per page: the performance score, and LCP for the landing page (decision 022). */
const TARGETS: Record<string, { score: number; lcpMs?: number }> = {
  '/': { score: 95, lcpMs: 2000 },
  '/login': { score: 90 },
  '/app': { score: 90 },
};
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const DREAMS = 5;
const PASSWORD = 'a sleepy dreamer password';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: '/,/login,/app' },
    assert: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const isAppPage = (page: string) => page === '/app' || page.startsWith('/app/');
const pages = args.pages.split(',').map((p) => p.trim());
const reportDir = process.env.BENCH_LIGHTHOUSE_REPORT;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${args.runs}`);

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  scriptTransfer: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Chromium with a DevTools port Lighthouse connects to; the port is read from what Chromium prints. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'sonhario-lighthouse-'));
  const child: ChildProcess = spawn(
    chromiumPath(),
    ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${String(code)}:\n${output}`)));
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A confirmed user (the server runs with AUTH_AUTOCONFIRM) with a few dreams, so `/app` shows a real home. */
async function createUser(baseUrl: string, anonKey: string): Promise<{ email: string }> {
  const email = `lighthouse-${randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, data: { first_name: 'Luna', consent_version: CONSENT_VERSION } }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-up failed: ${String(res.status)}`);
  for (let i = 0; i < DREAMS; i += 1) await createDream(baseUrl, body.access_token);
  return { email };
}

/** Signs in through the app's form in the browser's default profile: the session lands in its localStorage. */
async function signInInBrowser(port: number, baseUrl: string, email: string) {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${String(port)}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${baseUrl}/login`);
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => url.pathname === '/app', { timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: /Luna/ }).waitFor({ timeout: 60_000 });
    await page.close();
  } finally {
    // Connected over CDP: this disconnects and leaves the browser (and its default profile) running.
    await browser.close();
  }
}

/**
 * The JS the served HTML asks for up front (its module scripts and modulepreloads), gzip level 9 like
 * bench/bundle.ts: what a phone downloads before the page can become interactive.
 */
async function measureInitialJs(url: string): Promise<{ files: string[]; gzip: number }> {
  const html = await (await fetch(url)).text();
  const files = [
    ...new Set(
      [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)].map((m) => m[1]!),
    ),
  ];
  let gzip = 0;
  for (const file of files) {
    const body = Buffer.from(await (await fetch(new URL(file, url))).arrayBuffer());
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files, gzip };
}

let lighthouseVersion = '';
/** Each page's last report: its audits that did not pass in the scored categories other than performance. */
const lastReports = new Map<string, Result>();

async function runLighthouse(url: string, port: number): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  lighthouseVersion = lhr.lighthouseVersion;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${url} (signed out?)`);
  }
  lastReports.set(url, lhr);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse audit ${id} has no value`);
    return value;
  };
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const summary = lhr.audits['resource-summary']?.details;
  const scriptRow =
    summary?.type === 'table' ? summary.items.find((item) => item.resourceType === 'script') : undefined;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndex: numeric('speed-index'),
    scriptTransfer: typeof scriptRow?.transferSize === 'number' ? scriptRow.transferSize : 0,
  };
}

/** On a busy machine Lighthouse now and then loses the trace (NO_NAVSTART, NO_FCP): that run is taken again. */
async function runWithRetries(url: string, port: number, attempts = 3): Promise<Sample> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, port);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`run failed, retrying: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The audits of the accessibility, best-practices and SEO categories that did not pass, with what they name. */
function failingAudits(lhr: Result): string[] {
  const lines: string[] = [];
  for (const id of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      const details = audit.details;
      const items =
        details && 'items' in details && Array.isArray(details.items)
          ? details.items.slice(0, 4).map((item: Record<string, unknown>) => {
              const node = item.node as { snippet?: string } | undefined;
              return node?.snippet ?? JSON.stringify(item).slice(0, 400);
            })
          : [];
      lines.push(`  ${id}: ${audit.id} — ${audit.title}${items.length ? `\n      ${items.join('\n      ')}` : ''}`);
    }
  }
  return lines;
}

const row = (label: string, s: Sample) => ({
  run: label,
  perf: s.performance,
  a11y: s.accessibility,
  'best pr.': s.bestPractices,
  SEO: s.seo,
  'FCP (s)': (s.fcp / 1000).toFixed(2),
  'LCP (s)': (s.lcp / 1000).toFixed(2),
  'TBT (ms)': Math.round(s.tbt),
  CLS: s.cls.toFixed(3),
  'SI (s)': (s.speedIndex / 1000).toFixed(2),
  JS: kb(s.scriptTransfer),
});

const medianOf = (samples: Sample[]): Sample => {
  const of = (key: keyof Sample) => median(samples.map((s) => s[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    speedIndex: of('speedIndex'),
    scriptTransfer: of('scriptTransfer'),
  };
};

buildUnlessWebDistGiven();

const loadBefore = loadAverage();
const startedAt = new Date();
const databaseUrl = process.env.BENCH_DATABASE_URL;
const jwtSecret = randomBytes(48).toString('base64url');
const server = await startProductServer({
  ...seedingEnv(jwtSecret),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const chromium = await startChromium();
const results: { page: string; median: Sample; met: boolean }[] = [];
try {
  const initialJs = await measureInitialJs(`${server.url}/`);
  let isSignedIn = false;
  // Signed out first: `/` with a stored session imports the app (decision 024), and `/login` sends a signed-in
  // visitor on to `/app`.
  for (const page of [...pages.filter((p) => !isAppPage(p)), ...pages.filter(isAppPage)]) {
    const url = `${server.url}${page}`;
    if (isAppPage(page) && !isSignedIn) {
      const { email } = await createUser(server.url, getApiKeys({ jwtSecret }).anonKey);
      await signInInBrowser(chromium.port, server.url, email);
      isSignedIn = true;
    }
    // One unrecorded run warms the server's file cache and Chromium's code cache of Lighthouse itself.
    await runWithRetries(url, chromium.port);
    const samples: Sample[] = [];
    for (let i = 0; i < runs; i += 1) samples.push(await runWithRetries(url, chromium.port));
    const result = medianOf(samples);
    const target = TARGETS[page];
    const met =
      result.accessibility === 100 &&
      result.bestPractices === 100 &&
      (!target || (result.performance >= target.score && (!target.lcpMs || result.lcp <= target.lcpMs)));
    results.push({ page, median: result, met });
    console.log(`\n${page}: Lighthouse ${lighthouseVersion}, mobile, simulated throttling, ${String(runs)} run(s)`);
    console.table([...samples.map((s, i) => row(String(i + 1), s)), row('median', result)]);
    const lhr = lastReports.get(url);
    const failing = lhr ? failingAudits(lhr) : [];
    if (failing.length) console.log(`not passing in the last run:\n${failing.join('\n')}`);
    if (reportDir && lhr) {
      await mkdir(reportDir, { recursive: true });
      const name = page === '/' ? 'landing' : page.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      await writeFile(path.join(reportDir, `${name}.json`), JSON.stringify(lhr, null, 2));
    }
  }
  console.log(
    `\nJS the landing HTML loads up front (${String(initialJs.files.length)} files): ${kb(initialJs.gzip)} gzip (budget ≤ 120 KB)`,
  );
  console.log('\nmedians:');
  console.table(results.map(({ page, median: m }) => ({ ...row(page, m), run: undefined, page })));
  console.log(
    `commit ${currentCommit()}, ${startedAt.toISOString().slice(0, 16)} UTC; machine: ${String(cpus().length)} cores, ` +
      `load average (1/5/15 min) before ${loadBefore}, after ${loadAverage()}` +
      (databaseUrl ? '; server on BENCH_DATABASE_URL' : ''),
  );
  for (const { page, median: m, met } of results) {
    const target = TARGETS[page];
    const goal = target
      ? `performance ≥ ${String(target.score)}${target.lcpMs ? `, LCP ≤ ${String(target.lcpMs / 1000)} s` : ''}, `
      : '';
    console.log(
      `${met ? 'target met' : 'TARGET MISSED'} on ${page} (${goal}accessibility 100, best practices 100): ` +
        `${String(m.performance)}, LCP ${(m.lcp / 1000).toFixed(2)} s, ${String(m.accessibility)}, ${String(m.bestPractices)}`,
    );
  }
  if (args.assert && results.some((r) => !r.met)) process.exitCode = 1;
} finally {
  await chromium.stop();
  await server.stop();
}
