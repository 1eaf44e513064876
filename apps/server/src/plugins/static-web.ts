import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from '../lib/html.ts';

export interface StaticWebOptions {
  distDir: string;
  /** Public, non-secret settings the SPA reads at run time (URL, anon key): injected, so no rebuild per deployment. */
  clientConfig: () => Record<string, unknown>;
}

const API_PREFIXES = ['/api/', '/auth/'];
const HAS_EXTENSION = /\/[^/]*\.[a-z0-9]+$/i;
const CONFIG_META = /<meta name="sonhario-config" content="[^"]*"\s*\/?>/;
/** The landing page rendered at build time (apps/web/build/prerender.ts), sent for `/` only. */
const LANDING_HTML = 'landing.html';
/** `/login` rendered at build time as it looks while the session loads (decision 051), sent for `/login` only. */
const LOGIN_HTML = 'login.html';
/** `/app` rendered at build time while the session loads: the header and the dashboard's shape (decision 083). */
const APP_HTML = 'app.html';
/**
 * The installable app's files at fixed names (apps/web/build/pwa.ts, docs/decisions/036): the service worker, the
 * script it imports and the manifest. Never cached without asking: a browser must see a new version's worker at its
 * next check, not an hour later.
 */
const UNCACHED_FILES = new Set(['sw.js', 'sw-sync.js', 'sw-push.js', 'manifest.webmanifest']);
/** The pages above: only their own paths serve them (a request for the file itself is a 404). */
const PAGE_FILES = new Set(['/index.html', `/${LANDING_HTML}`, `/${LOGIN_HTML}`, `/${APP_HTML}`]);
/** The client routes other than `/` that have a page of their own, rendered at build time. */
const PRERENDERED_ROUTES = new Map([
  ['/login', LOGIN_HTML],
  ['/app', APP_HTML],
]);

/** Client routes get index.html; anything that looks like a file, or belongs to an API, gets a real 404. */
export function isClientRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '/';
  if (pathname === '/api' || pathname === '/auth' || API_PREFIXES.some((p) => pathname.startsWith(p))) return false;
  return pathname === '/index.html' || !HAS_EXTENSION.test(pathname);
}

export const staticWebPlugin = fp<StaticWebOptions>(
  async (app: FastifyInstance, options) => {
    const indexFile = path.join(options.distDir, 'index.html');
    const hasWeb = existsSync(indexFile);
    let indexHtml: string | undefined;
    let landingHtml: string | undefined;
    /** The page of each of PRERENDERED_ROUTES, by its path. */
    const prerenderedHtml = new Map<string, string | undefined>();
    if (hasWeb) {
      const meta = `<meta name="sonhario-config" content="${escapeHtml(JSON.stringify(options.clientConfig()))}">`;
      const withConfig = (template: string) =>
        CONFIG_META.test(template)
          ? template.replace(CONFIG_META, meta)
          : template.replace('</head>', `${meta}</head>`);
      indexHtml = withConfig(readFileSync(indexFile, 'utf8'));
      // Pages prerendered at build time (decisions 022, 051); an older build without one serves index.html there.
      const prerendered = (file: string) => {
        const filePath = path.join(options.distDir, file);
        return existsSync(filePath) ? withConfig(readFileSync(filePath, 'utf8')) : indexHtml;
      };
      landingHtml = prerendered(LANDING_HTML);
      for (const [route, file] of PRERENDERED_ROUTES) prerenderedHtml.set(route, prerendered(file));
      await app.register(fastifyStatic, {
        root: options.distDir,
        prefix: '/',
        index: false,
        wildcard: true,
        preCompressed: true,
        allowedPath: (pathName) => !PAGE_FILES.has(pathName),
        setHeaders(res, filePath) {
          const relative = path.relative(options.distDir, filePath);
          if (UNCACHED_FILES.has(relative)) {
            res.header('cache-control', 'no-cache');
            if (relative === 'manifest.webmanifest')
              res.header('content-type', 'application/manifest+json; charset=utf-8');
            return;
          }
          res.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build` to serve it');
    }

    const sendPage = (reply: FastifyReply, html: string | undefined) => {
      if (!html) {
        return reply
          .status(503)
          .send({ code: 'web_not_built', message: 'The web app has not been built: run `npm run build`.' });
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };

    // The static handler would answer the root directory with 403; the root is the landing page, already rendered.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply, landingHtml));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (isClientRoute(request.method, request.url)) {
        const pathname = request.url.split('?')[0] ?? '/';
        return sendPage(reply, prerenderedHtml.get(pathname) ?? indexHtml);
      }
      return reply
        .status(404)
        .send({ code: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    });
  },
  { name: 'static-web' },
);
