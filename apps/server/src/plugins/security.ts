import { createHash } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { THEME_BOOT_SCRIPT } from '@sonhario/contracts/theme';

/** The one inline script the pages carry (the device's theme before the first paint: decision 087), by its hash. */
const THEME_BOOT_SOURCE = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`;

/** Security headers and response compression for everything the server sends. */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { connectSources: string[]; https: boolean }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", THEME_BOOT_SOURCE],
          // Style attributes and the toast library's injected <style> need this; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...options.connectSources],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS only means something over HTTPS; on a plain-HTTP self-hosted install it would only confuse.
      strictTransportSecurity: options.https,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  },
  { name: 'security' },
);
