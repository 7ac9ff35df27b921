import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import pino from 'pino';
import { AppModule } from './app.module';
import { useApiPrefix } from './bootstrap';
import { loadConfig } from './config/app-config';
import { API_DOCUMENT_FILE, apiDocumentText, buildApiDocument, DOCUMENTED_SETTINGS } from './modules/api-docs/api-document';

/**
 * `npm run openapi` (scripts/openapi.mjs runs this compiled): writes docs/openapi.json, the document
 * GET /api/docs/json serves. The api's modules are loaded in Nest's preview mode, which registers every
 * module and route but creates no provider, so nothing connects to PostgreSQL or Redis: the settings
 * are fixed here, not read from the environment, and only their routes matter.
 */
async function writeApiDocument(): Promise<void> {
  const config = loadConfig({ ...DOCUMENTED_SETTINGS, APP_SECRET: 'o'.repeat(32), LOG_LEVEL: 'silent' });
  const app = await NestFactory.create(
    AppModule.register({ config, logger: pino({ level: 'silent' }), http: true, worker: false }),
    new FastifyAdapter(),
    { preview: true, logger: false },
  );
  useApiPrefix(app);
  mkdirSync(dirname(API_DOCUMENT_FILE), { recursive: true });
  writeFileSync(API_DOCUMENT_FILE, apiDocumentText(buildApiDocument(app)));
  await app.close();
  process.stdout.write(`wrote ${API_DOCUMENT_FILE}\n`);
}

writeApiDocument().catch((error: unknown) => {
  process.stderr.write(`OpenAPI document not written: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
