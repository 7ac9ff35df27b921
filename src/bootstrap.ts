import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import { LogController, errorCodes, type FastifyReply, type FastifyRequest } from 'fastify';
import { RequestMethod, type INestApplication, type Type } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { Clock } from './common/clock/clock';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { clientErrorHandler } from './common/errors/client-error';
import { createValidationPipe } from './common/errors/validation';
import { PinoNestLogger } from './common/logging/logger';
import { SitePages } from './common/http/site-pages';
import { requestContext } from './common/http/request-context';
import { requestMetaOf } from './common/http/request-meta';
import { bodyProblemEnvelope, findBodyProblem, overSmallBodyLimit } from './common/http/body-guard';
import { cspOrigins } from './common/http/csp';
import { rateLimitHook } from './common/rate-limit/rate-limit.hook';
import { RateLimiters } from './common/rate-limit/rate-limiters';
import { ERROR_MESSAGES } from './common/errors/error-codes';
import { ImpactReportsService } from './modules/reports/impact/impact-reports.service';
import { MetricsRegistry } from './modules/monitoring/metrics-registry';
import { PublicContentService } from './modules/content/public/public-content.service';
import { loggedPath } from './common/http/logged-path';
import { ApiDocsService } from './modules/api-docs/api-docs.service';
import { buildApiDocument } from './modules/api-docs/api-document';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export interface HttpAppOptions {
  config: AppConfig;
  logger: Logger;
  worker: boolean;
  clock?: Clock;
  extraModules?: Type[];
}

/** Every route under /api, but Prometheus's conventional /metrics (served only with METRICS_TOKEN: MonitoringModule). */
export function useApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix('api', { exclude: [{ path: 'metrics', method: RequestMethod.GET }] });
}

/** Builds the HTTP application (the api process, and the tests) without listening yet. */
export async function createHttpApp(options: HttpAppOptions): Promise<NestFastifyApplication> {
  const { config, logger } = options;
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    // Fastify's two lines per request are replaced by our one (onResponse hook below).
    logController: new LogController({ disableRequestLogging: true }),
    // A number of hops becomes proxy-addr's own rule for it (trust the n nearest): the client is then
    // the right-most address those proxies did not add, never one the client wrote itself.
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    requestIdHeader: 'x-request-id',
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.register({ config, logger, http: true, worker: options.worker, clock: options.clock, extraModules: options.extraModules }),
    adapter,
    // rawBody: JSON bodies also keep their exact bytes (req.rawBody), which Meta's webhook signature covers.
    { logger: new PinoNestLogger(logger), bufferLogs: false, rawBody: true },
  );
  await configureHttpApp(app, config, logger);
  return app;
}

async function configureHttpApp(app: NestFastifyApplication, config: AppConfig, logger: Logger): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();

  // One log line per request, with its id; the query string (it may carry a ticket) and the host's link token are left out.
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = loggedPath(request.url);
    const line = { reqId: request.id, method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (reply.statusCode >= 500) logger.error(line, 'request');
    else if (route.startsWith('/api')) logger.info(line, 'request');
    else logger.debug(line, 'request');
    done();
  });
  if (config.metricsToken) {
    // Every answer counted by its route pattern (never the raw URL) and status, for GET /metrics.
    const metrics = app.get(MetricsRegistry);
    fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      metrics.observe(request.method, request.routeOptions?.url, reply.statusCode, reply.elapsedTime);
      done();
    });
  }
  fastify.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    reply.header('x-request-id', request.id);
    // An administrator's answers carry personal data: never kept by a browser or a proxy cache.
    if (request.headers.authorization && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Routes marked @RouteConfig({ rawBody: true }) (the local file upload) read the request stream
  // themselves, whatever its type; every other route keeps Fastify's 415 for types it does not parse.
  fastify.addContentTypeParser('*', (request: FastifyRequest, _payload: unknown, done: (error: Error | null, body?: unknown) => void) => {
    const config = request.routeOptions?.config as { rawBody?: boolean } | undefined;
    if (config?.rawBody) done(null);
    else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(String(request.headers['content-type'] ?? '')));
  });

  // What no route can store is refused before any validation or SQL: nesting past 20 levels, and NUL
  // or unpaired surrogates in text (PostgreSQL refuses both; they would otherwise surface as a 500).
  fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const problem = findBodyProblem(request.body);
    if (!problem) return done();
    void reply.code(400).send(bodyProblemEnvelope(problem));
  });

  const origins = cspOrigins(config);
  // Security headers, built once (the Fastify plugin rebuilt helmet's middleware on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI and react-admin inject their styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles and, with S3 storage, the bucket (cspOrigins); nothing else.
        imgSrc: ["'self'", 'data:', 'blob:', ...origins.img],
        fontSrc: ["'self'", 'data:'],
        // Reverse geocoding from the browser and, with S3 storage, uploads to the bucket.
        connectSrc: ["'self'", ...origins.connect],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  // Everything a call does afterwards runs in its context (who, from where), read by the activity log.
  fastify.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const meta = requestMetaOf(request);
    requestContext.run({ ip: meta.ip, userAgent: meta.userAgent }, done);
  });

  // Before the body is read: the per-address limits (a refused flood costs one Redis call per request),
  // then public forms and sign-in refuse a body whose announced length is too large (the global limit,
  // 1 MB, still applies to a body sent without a length).
  fastify.addHook('onRequest', rateLimitHook(app.get(RateLimiters)));
  fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (!overSmallBodyLimit(request.method, request.url, request.headers['content-length'])) return done();
    void reply.code(413).send({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: ERROR_MESSAGES.PAYLOAD_TOO_LARGE });
  });

  useApiPrefix(app);
  app.useGlobalPipes(createValidationPipe());
  const pages = new SitePages(config.publicUiDir, config.adminUiDir, config.serveUi);
  app.useGlobalFilters(new AllExceptionsFilter(logger, pages));
  // A shared impact report's page carries its own title and figures for link previews.
  pages.setPreviewer((path, origin) => {
    const match = /^\/impact\/([^/]+)\/?$/.exec(path);
    if (!match) return null;
    let token: string;
    try {
      token = decodeURIComponent(match[1]);
    } catch {
      return Promise.resolve({ title: '', description: '', notFound: true });
    }
    // The configured address wins; the one the visitor used is only reflected into their own page.
    return app.get(ImpactReportsService).previewMeta(token, config.whatsapp.publicBaseUrl ?? origin);
  });
  // The pre-rendered public pages are sent with the charity's current texts in them.
  pages.setContentSource(() => app.get(PublicContentService).contentItems());
  // GET /api/docs/json: the OpenAPI description, built from the controllers on first request.
  app.get(ApiDocsService).setBuilder(() => buildApiDocument(app));

  // Answers over 1 KB (API JSON, the HTML shells) are compressed for browsers that accept it, brotli
  // first; a fast brotli level, as this runs per answer. Built assets carry their own .br/.gz (below).
  await app.register(fastifyCompress as never, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  if (config.serveUi) {
    if (existsSync(config.publicUiDir)) {
      // Pages are SitePages' (the exception filter's 404 path): the pre-rendered ones need their content
      // filled in, so no HTML file of the build is sent as it is.
      await app.register(fastifyStatic as never, {
        root: config.publicUiDir,
        prefix: '/',
        wildcard: false,
        index: false,
        allowedPath: (pathName: string) => !pathName.endsWith('.html'),
        preCompressed: true,
        setHeaders: immutableAssets,
      });
    }
    if (existsSync(config.adminUiDir)) {
      await app.register(fastifyStatic as never, {
        root: config.adminUiDir,
        prefix: '/admin/',
        wildcard: false,
        index: false,
        decorateReply: false,
        preCompressed: true,
        setHeaders: immutableAssets,
      });
    }
    if (!existsSync(config.publicUiDir) || !existsSync(config.adminUiDir)) {
      logger.warn('the user interfaces are not built (npm run build:ui); only the API is served');
    }
  }
  // No enableShutdownHooks(): the entry point owns SIGTERM/SIGINT (stopOnSignals in entry-point.ts: app.close()
  // runs the same hooks, then the private servers stop and the process exits 0); Nest's own handler raced
  // it and re-raised the signal.
}

/** Vite's hashed files never change: cache them for a year; everything else revalidates. */
function immutableAssets(reply: { header(name: string, value: string): unknown }, path: string): void {
  if (/[/\\]assets[/\\]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'no-cache');
}
