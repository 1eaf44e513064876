import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { THEME_BOOT_SCRIPT } from '@sonhario/contracts/theme';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { isClientRoute } from './static-web.ts';

const INDEX =
  '<!doctype html><html><head><meta name="sonhario-config" content="{}"><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
const JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const SW = "self.addEventListener('install', () => self.skipWaiting());";
const MANIFEST = JSON.stringify({ name: 'Sonhário', start_url: '/app', display: 'standalone' });

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'sonhario-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets/index-abc123.js'), JS);
    await writeFile(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(JS));
    await writeFile(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(JS));
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, 'sw.js'), SW);
    await writeFile(path.join(dist, 'sw-sync.js'), SW);
    await writeFile(path.join(dist, 'sw-push.js'), SW);
    await writeFile(path.join(dist, 'manifest.webmanifest'), MANIFEST);
    t = await createTestApp({ WEB_DIST_DIR: dist, SITE_URL: 'http://127.0.0.1:4321' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/app', '/app/dreams', '/app/dreams/new', '/some/unknown/path', '/index.html', '/app?tab=1'])(
    'answers the client route %s with index.html, not cached, with the runtime config injected',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
      const meta = /<meta name="sonhario-config" content="([^"]*)">/.exec(res.body)?.[1] ?? '';
      const json = JSON.parse(meta.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
      expect(json).toMatchObject({ supabaseUrl: 'http://127.0.0.1:4321', productName: 'Sonhário' });
    },
  );

  it("sends a CSP that allows one inline script, the theme's, by its hash (decision 087)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const themeHash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'self' 'sha256-${themeHash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves hashed assets with a long immutable cache, precompressed', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(JS.length / 5);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.body).toBe(JS);
  });

  it.each([
    ['/sw.js', 'javascript'],
    ['/sw-sync.js', 'javascript'],
    ['/sw-push.js', 'javascript'],
    ['/manifest.webmanifest', 'application/manifest+json'],
  ])('serves the installable app file %s uncached (no-cache), as %s', async (url, type) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain(type);
    expect(res.body).toBe(url === '/manifest.webmanifest' ? MANIFEST : SW);
  });

  it('serves other static files with a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each(['/assets/missing-123.js', '/missing.png', '/api/v1/nothing-here', '/auth/v1/nothing-here', '/api'])(
    'answers a real 404 for %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    },
  );

  it('does not serve index.html for non-GET methods', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/app' });
    expect(res.statusCode).toBe(404);
  });
});

describe('serving the prerendered pages', () => {
  const LANDING = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Transform Your Dreams</h1></div>');
  const LOGIN = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Bem-vindo</h1></div>');
  const APP = INDEX.replace('<div id="root"></div>', '<div id="root"><header>Sonhário</header></div>');
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'sonhario-dist-'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'landing.html'), LANDING);
    await writeFile(path.join(dist, 'login.html'), LOGIN);
    await writeFile(path.join(dist, 'app.html'), APP);
    t = await createTestApp({ WEB_DIST_DIR: dist, SITE_URL: 'http://127.0.0.1:4321' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it.each([
    { page: 'landing.html', urls: ['/', '/?code=abc'], markup: '<div id="root"><h1>Transform Your Dreams</h1></div>' },
    {
      page: 'login.html',
      urls: ['/login', '/login?tab=signup&plan=lucid'],
      markup: '<div id="root"><h1>Bem-vindo</h1></div>',
    },
    { page: 'app.html', urls: ['/app', '/app?from=push'], markup: '<div id="root"><header>Sonhário</header></div>' },
  ])('answers $urls with $page, not cached, with the runtime config injected', async ({ urls, markup }) => {
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(markup);
      expect(res.body).toMatch(/<meta name="sonhario-config" content="[^"]*Sonh/);
    }
  });

  it('answers every other client route with the empty index.html, and hides the pages files themselves', async () => {
    for (const url of ['/app/dreams', '/index.html', '/login/other', '/logins', '/app/login', '/apps']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<div id="root"></div>');
    }
    for (const url of ['/landing.html', '/login.html', '/app.html'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('isClientRoute', () => {
  it('treats paths without a file extension as client routes', () => {
    expect(isClientRoute('GET', '/app/dreams/3f2a')).toBe(true);
    expect(isClientRoute('HEAD', '/')).toBe(true);
    expect(isClientRoute('GET', '/assets/x.css')).toBe(false);
    expect(isClientRoute('GET', '/api/v1/x')).toBe(false);
    expect(isClientRoute('DELETE', '/app')).toBe(false);
  });
});
