// Lighthouse on the landing page (`/`) of the production build, as a phone sees it: mobile form factor and
// Lighthouse's default simulated throttling (slow 4G, 4× CPU slowdown). Run `npm run build` first; this starts the
// built server (a fresh data dir), Debian's Chromium (never a downloaded browser) and runs Lighthouse N times.
//
//   npm run bench:lighthouse                     3 runs, prints each and the median
//   npm run bench:lighthouse -- --runs 5
//   npm run bench:lighthouse -- --assert         exit 1 if the median score < 95 or median LCP > 2.0 s
//
// Lighthouse's numbers depend on the machine's load: the load average is printed before and after the runs.
// CHROMIUM_PATH picks another browser; BENCH_DATABASE_URL runs the server on that PostgreSQL instead of its default;
// BENCH_LIGHTHOUSE_REPORT=<file.json> keeps the last run's full report (network requests, LCP element, traces).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { startProductServer } from './support/servers.ts';

const TARGET_SCORE = 95;
const TARGET_LCP_MS = 2000;
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, assert: { type: 'boolean', default: false } },
});
const runs = Number(args.runs);
const reportFile = process.env.BENCH_LIGHTHOUSE_REPORT;
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${args.runs}`);

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  scriptTransfer: number;
}

const formatLoad = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
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
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
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

/**
 * The JS the served `/` HTML asks for up front (its module scripts and modulepreloads), gzip level 9 like
 * bench/bundle.ts: what a phone downloads before the page can become interactive, and, without prerendered
 * markup, before it can paint at all.
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

async function runLighthouse(url: string, port: number): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  });
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  lighthouseVersion = lhr.lighthouseVersion;
  if (reportFile) await writeFile(reportFile, JSON.stringify(lhr, null, 2));
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse audit ${id} has no value`);
    return value;
  };
  const summary = lhr.audits['resource-summary']?.details;
  const scriptRow =
    summary?.type === 'table' ? summary.items.find((item) => item.resourceType === 'script') : undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
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

const row = (label: string, s: Sample) => ({
  run: label,
  score: s.score,
  'FCP (s)': (s.fcp / 1000).toFixed(2),
  'LCP (s)': (s.lcp / 1000).toFixed(2),
  'TBT (ms)': Math.round(s.tbt),
  CLS: s.cls.toFixed(3),
  'SI (s)': (s.speedIndex / 1000).toFixed(2),
  'JS transferred': kb(s.scriptTransfer),
});

const loadBefore = formatLoad();
const databaseUrl = process.env.BENCH_DATABASE_URL;
const server = await startProductServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
const chromium = await startChromium();
const samples: Sample[] = [];
try {
  const url = `${server.url}/`;
  const initialJs = await measureInitialJs(url);
  // One unrecorded run warms the server's file cache and Chromium's code cache of Lighthouse itself.
  await runWithRetries(url, chromium.port);
  for (let i = 0; i < runs; i += 1) samples.push(await runWithRetries(url, chromium.port));
  const result: Sample = {
    score: median(samples.map((s) => s.score)),
    fcp: median(samples.map((s) => s.fcp)),
    lcp: median(samples.map((s) => s.lcp)),
    tbt: median(samples.map((s) => s.tbt)),
    cls: median(samples.map((s) => s.cls)),
    speedIndex: median(samples.map((s) => s.speedIndex)),
    scriptTransfer: median(samples.map((s) => s.scriptTransfer)),
  };
  console.log(`Lighthouse ${lighthouseVersion} on ${url}: mobile, simulated throttling, ${runs} run(s)`);
  console.table([...samples.map((s, i) => row(String(i + 1), s)), row('median', result)]);
  console.log(
    `JS the HTML loads up front (${initialJs.files.length} files): ${kb(initialJs.gzip)} gzip (budget ≤ 120 KB)`,
  );
  console.log(
    `machine: ${cpus().length} cores, load average (1/5/15 min) before ${loadBefore}, after ${formatLoad()}` +
      (databaseUrl ? '; server on BENCH_DATABASE_URL' : ''),
  );
  const isMet = result.score >= TARGET_SCORE && result.lcp <= TARGET_LCP_MS;
  console.log(
    isMet
      ? `target met: score ≥ ${TARGET_SCORE}, LCP ≤ ${TARGET_LCP_MS / 1000} s`
      : `TARGET MISSED: score ${result.score} (≥ ${TARGET_SCORE}), LCP ${(result.lcp / 1000).toFixed(2)} s (≤ ${TARGET_LCP_MS / 1000} s)`,
  );
  if (args.assert && !isMet) process.exitCode = 1;
} finally {
  await chromium.stop();
  await server.stop();
}
