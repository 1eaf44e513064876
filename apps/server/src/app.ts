import swagger from '@fastify/swagger';
import Fastify, { type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppInstance } from './app.types.ts';
import type { Config } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { toAuthError } from './modules/auth/auth.http.ts';
import { authModule } from './modules/auth/auth.plugin.ts';
import { getApiKeys } from './modules/auth/auth.tokens.ts';
import { analysesRoutes } from './modules/analyses/analyses.routes.ts';
import { StatsCache } from './modules/analyses/analyses.service.ts';
import { createAnalysisProvider } from './modules/analyses/providers/create-provider.ts';
import { consentsRoutes } from './modules/consents/consents.routes.ts';
import { creditsRoutes } from './modules/credits/credits.routes.ts';
import { dreamsPlugin } from './modules/dreams/dreams.plugin.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { openKeyRing } from './modules/keys/keys.service.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { createMetrics, instrumentProvider, metricsPlugin } from './modules/metrics/metrics.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { accountDataRoutes } from './modules/account/account.data.routes.ts';
import { legalRoutes } from './modules/legal/legal.routes.ts';
import { profileAdminRoutes, profileRoutes } from './modules/profile/profile.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { PatternAnswerCache } from './modules/patterns/answer-cache.ts';
import { RaritySampleCache } from './modules/patterns/similar.service.ts';
import { chartsRoutes } from './modules/patterns/charts.routes.ts';
import { similarRoutes } from './modules/patterns/similar.routes.ts';
import { signsRoutes } from './modules/patterns/signs.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { remindersPlugin } from './modules/reminders/reminders.routes.ts';
import { dictationRoutes } from './modules/dictation/dictation.routes.ts';
import { apiAuthenticationPlugin } from './plugins/authenticate.ts';
import { corsPlugin } from './plugins/cors.ts';
import { errorsPlugin, toApiError } from './plugins/errors.ts';
import { loggerOptions } from './plugins/logging.ts';
import { oversizeBodyPlugin } from './plugins/oversize-body.ts';
import { rateLimitBuckets, rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { refuseUnstorableText } from './plugins/text-input.ts';
import { PRODUCT_NAME } from './product.ts';
import { loadSecrets } from './secrets.ts';

export interface BuildAppOptions {
  /** An already migrated database (tests share one per file); otherwise one is opened from config and migrated. */
  database?: Database;
  /** Where pino writes (tests read it to check redaction); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** The clock for services (tests only); the real time by default. */
  now?: () => Date;
  /** Routes added to the /api/v1 scope after the app's own (tests only: they check what a new route gets by default). */
  extraApiRoutes?: (api: AppInstance) => Promise<void>;
}

/** Builds the whole server without listening, so tests can `inject` into it or listen on a free port. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.env.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Requests no route gets to (a path the router cannot decode, `/api/v1/dreams/%FF`; a parameter over its length)
    // reach no error handler: without this Fastify answers them in its own shape (`FST_ERR_BAD_URL`), which no
    // client reads. They get the error body of the API they were meant for.
    frameworkErrors: (error, request, reply) => {
      const { statusCode, body } = request.url.startsWith('/auth/v1/') ? toAuthError(error) : toApiError(error);
      void (reply as FastifyReply).status(statusCode).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Before anything opens: a provider misconfiguration is a ConfigError naming the variable.
  const analysisProvider = createAnalysisProvider(config.env);
  const secrets = await loadSecrets(config);
  let database = options.database;
  if (!database) {
    database = await createDatabase(config.database, {
      log: { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) },
    });
    const owned = database;
    app.addHook('onClose', () => owned.close());
    try {
      await database.migrate();
    } catch (error) {
      await owned.close();
      throw error;
    }
    if (owned.analyze) {
      const timer = setInterval(
        () => void owned.analyze?.().catch((error: unknown) => app.log.warn({ err: error }, 'ANALYZE failed')),
        3600_000,
      );
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  }
  // From here on the database is open: a failure closes the app, which closes the database (and stops an embedded
  // PostgreSQL) rather than leaving it running behind a process that exits.
  try {
    const keys = await openKeyRing(app, { config, database, masterKey: secrets.masterKey });
    const metrics = config.env.METRICS_TOKEN ? createMetrics({ poolStats: database.poolStats }) : undefined;
    app.decorate('deps', {
      config,
      secrets,
      database,
      keys,
      now: options.now ?? (() => new Date()),
      analysisProvider: instrumentProvider(analysisProvider, metrics),
      analysisStats: new StatsCache(),
      patternAnswers: new PatternAnswerCache(),
      raritySamples: new RaritySampleCache(),
      metrics,
      jobs: new Map(),
    });

    await app.register(errorsPlugin);
    await app.register(oversizeBodyPlugin);
    await app.register(metricsPlugin, { token: config.env.METRICS_TOKEN, metrics });
    await app.register(securityPlugin, { connectSources: [], https: config.siteUrl.startsWith('https:') });
    await app.register(corsPlugin, { config });
    await app.register(rateLimitPlugin, { redisUrl: config.env.REDIS_URL, buckets: rateLimitBuckets(config.env) });
    await app.register(swagger, {
      openapi: {
        info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
        servers: [{ url: config.siteUrl }],
        components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });

    await app.register(authModule, { prefix: '/auth/v1' });
    await app.register(
      async (api: AppInstance) => {
        // Every route of this scope requires a signed-in user unless the plugin's allow-list names it.
        await api.register(apiAuthenticationPlugin);
        refuseUnstorableText(api);
        await api.register(healthRoutes);
        await api.register(meRoutes);
        await api.register(profileRoutes);
        await api.register(dreamsPlugin);
        await api.register(overviewRoutes);
        await api.register(consentsRoutes);
        await api.register(creditsRoutes);
        await api.register(rewardsRoutes);
        await api.register(chartsRoutes);
        await api.register(similarRoutes);
        await api.register(signsRoutes);
        await api.register(supportRoutes);
        await api.register(billingRoutes);
        await api.register(analysesRoutes, { provider: app.deps.analysisProvider, statsCache: app.deps.analysisStats });
        await api.register(reportsRoutes);
        await api.register(chatRoutes);
        await api.register(remindersPlugin);
        await api.register(dictationRoutes);
        await api.register(accountDataRoutes);
        await api.register(legalRoutes);
        await api.register(accountRoutes);
        await api.register(profileAdminRoutes);
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
        if (options.extraApiRoutes) await api.register(options.extraApiRoutes);
      },
      { prefix: '/api/v1' },
    );

    await app.register(staticWebPlugin, {
      distDir: config.webDistDir,
      clientConfig: () => ({
        supabaseUrl: config.siteUrl,
        supabaseAnonKey: getApiKeys(secrets).anonKey,
        productName: PRODUCT_NAME,
      }),
    });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
