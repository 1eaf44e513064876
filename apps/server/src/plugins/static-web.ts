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
    if (hasWeb) {
      const template = readFileSync(indexFile, 'utf8');
      const meta = `<meta name="sonhario-config" content="${escapeHtml(JSON.stringify(options.clientConfig()))}">`;
      indexHtml = CONFIG_META.test(template)
        ? template.replace(CONFIG_META, meta)
        : template.replace('</head>', `${meta}</head>`);
      await app.register(fastifyStatic, {
        root: options.distDir,
        prefix: '/',
        index: false,
        wildcard: true,
        preCompressed: true,
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders(res, filePath) {
          const relative = path.relative(options.distDir, filePath);
          res.header(
            'cache-control',
            relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build` to serve it');
    }

    const sendIndex = (reply: FastifyReply) => {
      if (!indexHtml) {
        return reply
          .status(503)
          .send({ code: 'web_not_built', message: 'The web app has not been built: run `npm run build`.' });
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    };

    // The static handler would answer the root directory with 403; the root is a client route.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (isClientRoute(request.method, request.url)) return sendIndex(reply);
      return reply
        .status(404)
        .send({ code: 'not_found', message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
    });
  },
  { name: 'static-web' },
);
