import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createRedirectPolicy } from '../modules/auth/auth.redirects.ts';

const API_PATH = /^\/(auth|api)\/v1(\/|\?|$)/;

/**
 * Cross-origin access to /auth/v1 and /api/v1 for the origins auth may redirect to (SITE_URL, loopback on a development site,
 * ADDITIONAL_REDIRECT_URLS): a web app served from another origin, or a dev server, can use the API. The headers
 * are the ones supabase-js sends; X-Supabase-Api-Version must be readable or the client loses error codes.
 */
export const corsPlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    const policy = createRedirectPolicy(options.config);
    await app.register(cors, {
      delegator: (request, callback) => {
        const isApi = API_PATH.test(request.url);
        callback(null, {
          origin: isApi ? (origin, done) => done(null, origin !== undefined && policy.isAllowedOrigin(origin)) : false,
          methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
          allowedHeaders: ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version'],
          exposedHeaders: ['x-supabase-api-version', 'x-total-count', 'link', 'retry-after'],
          maxAge: 600,
        });
      },
    });
  },
  { name: 'cors' },
);
