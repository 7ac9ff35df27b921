import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { HttpStatus, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { IS_PUBLIC_KEY } from '../../src/common/auth/public.decorator';
import { API_DOCUMENT_FILE, apiDocumentText, DOCUMENTED_SETTINGS } from '../../src/modules/api-docs/api-document';
import { signInAdmin } from '../support/admin-session';
import { appWithRoutes, type Route } from '../support/routed-app';

interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { examples?: Record<string, unknown> }> }>;
  security?: unknown[];
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** `/api/requests/:id` and the document's `/api/requests/{id}` compare as the same path. */
const normalise = (path: string) => ('/' + path.split('/').filter(Boolean).join('/')).replace(/(:[^/]+|\{[^/}]+\})/g, '{}');

/** What Nest declares for each handler (whether it is public, the status it answers on success), by method and path. */
function nestHandlers(app: NestFastifyApplication): Map<string, { isPublic: boolean; status: number }> {
  const out = new Map<string, { isPublic: boolean; status: number }>();
  for (const moduleRef of app.get(ModulesContainer).values()) {
    for (const wrapper of moduleRef.controllers.values()) {
      const type = wrapper.metatype as Function | null;
      if (!type) continue;
      const classPublic = Reflect.getMetadata(IS_PUBLIC_KEY, type) === true;
      const bases = [Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined].flat();
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        const method =
          typeof handler === 'function' ? (Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined) : undefined;
        if (name === 'constructor' || method === undefined) continue;
        const isPublic = classPublic || Reflect.getMetadata(IS_PUBLIC_KEY, handler as object) === true;
        const status =
          (Reflect.getMetadata(HTTP_CODE_METADATA, handler as object) as number | undefined) ??
          (method === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK);
        for (const base of bases) {
          for (const path of [Reflect.getMetadata(PATH_METADATA, handler as object) as string | string[]].flat()) {
            const full = base === '' && path === 'metrics' ? '/metrics' : `/api/${base ?? ''}/${path ?? ''}`;
            out.set(`${RequestMethod[method]} ${normalise(full)}`, { isPublic, status });
          }
        }
      }
    }
  }
  return out;
}

describe('the OpenAPI description (GET /api/docs/json)', () => {
  let app: NestFastifyApplication;
  let token: string;
  let document: Document;
  let registered: Route[] = [];

  beforeAll(async () => {
    // With the settings that add routes (GET /metrics), as the committed document is built.
    ({ app, routes: registered } = await appWithRoutes({ ...DOCUMENTED_SETTINGS }));
    token = (await signInAdmin(app, 'docs-reader')).token;
    const res = await request(app.getHttpServer()).get('/api/docs/json').set('authorization', `Bearer ${token}`).expect(200);
    document = res.body as Document;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("is for administrators only: without a session both addresses answer the guard's Arabic 401", async () => {
    for (const path of ['/api/docs', '/api/docs/json']) {
      const res = await request(app.getHttpServer()).get(path).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    }
    const res = await request(app.getHttpServer()).get('/api/docs').set('authorization', `Bearer ${token}`).expect(200);
    expect(res.body.openapi).toBe(document.openapi);
  });

  it('is an OpenAPI 3 document with the Arabic title and the session scheme', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect((document as unknown as { info: { title: string } }).info.title).toContain('حفظ النعمة');
    expect(JSON.stringify((document as unknown as { components: unknown }).components)).toContain('"session"');
  });

  it('documents every API route the app serves, each with its success answer', () => {
    const documented = new Map<string, Operation>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) documented.set(`${method.toUpperCase()} ${normalise(path)}`, operation);
    }
    const handlers = nestHandlers(app);
    const api = registered.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(api.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const route of api) {
      const key = `${route.method} ${normalise(route.url)}`;
      const operation = documented.get(key);
      const handler = handlers.get(key);
      if (!operation) {
        problems.push(`${route.method} ${route.url}: not in the document`);
        continue;
      }
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
      if (!success.some(([, answer]) => answer.description?.trim()))
        problems.push(`${route.method} ${route.url}: no documented 2xx answer`);
      else if (handler && !success.some(([status]) => Number(status) === handler.status))
        problems.push(`${route.method} ${route.url}: answers ${handler.status}, documents ${success.map(([s]) => s).join(', ')}`);
      // A private route shows the session it needs and the guard's 401; a public one claims neither.
      const claimsSession = Boolean(operation.security?.length) && Boolean(operation.responses?.['401']);
      if (handler && claimsSession === handler.isPublic)
        problems.push(`${route.method} ${route.url}: session ${handler.isPublic ? 'claimed on a public route' : 'not documented'}`);
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (/^[45]/.test(status) && !Object.keys(answer.content?.['application/json']?.examples ?? {}).length)
          problems.push(`${route.method} ${route.url}: ${status} without its error code`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('is the document committed as docs/openapi.json', () => {
    const served = apiDocumentText(document as unknown as OpenAPIObject);
    const committed = existsSync(API_DOCUMENT_FILE) ? readFileSync(API_DOCUMENT_FILE, 'utf8') : '';
    if (served === committed) return;
    // The first line that differs, so the message says what changed without printing half a megabyte.
    const [fromApp, fromFile] = [served.split('\n'), committed.split('\n')];
    let line = 0;
    while (fromApp[line] === fromFile[line]) line++;
    throw new Error(
      `The app's OpenAPI document differs from ${API_DOCUMENT_FILE} at line ${line + 1}:\n` +
        `  app:       ${fromApp[line]?.trim() ?? '(ends)'}\n  committed: ${fromFile[line]?.trim() ?? '(ends)'}\n` +
        `run \`npm run openapi\` and commit ${API_DOCUMENT_FILE}`,
    );
  });

  it('names the Arabic error codes a route really answers (a full date: 409 DATE_FULL on POST /api/requests)', () => {
    const conflict = document.paths['/api/requests']?.post?.responses?.['409'];
    const examples = conflict?.content?.['application/json']?.examples as Record<string, { value: { code: string; message: string } }>;
    expect(Object.keys(examples)).toEqual(expect.arrayContaining(['DATE_FULL', 'DUPLICATE_REQUEST', 'ACTIVE_REQUESTS_LIMIT']));
    expect(examples.DATE_FULL.value).toMatchObject({ code: 'DATE_FULL', message: expect.stringMatching(/[\u0600-\u06FF]/) });
    const unauthorized = document.paths['/api/requests']?.get?.responses?.['401'];
    expect(Object.keys(unauthorized?.content?.['application/json']?.examples ?? {})).toEqual(['UNAUTHORIZED']);
  });
});
