import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/build-test-app';
import {
  API_DOCS_PATH,
  API_REFERENCE_ROUTES,
  OPENAPI_PATH,
  SESSION_COOKIE_SCHEME,
} from './openapi';

const ctx = setupTestApp();

type Operation = {
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

/** Fastify's `/x/:id` as OpenAPI's `/x/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let document: Document;

beforeAll(async () => {
  const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  document = response.json();
});

function operation(method: string, url: string): Operation {
  const found = document.paths[openApiPath(url)]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${url} is not in the document`);
  return found;
}

const responseSchema = (op: Operation, status: string) =>
  op.responses[status]?.content?.['application/json']?.schema;

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, by a maintained validator', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every registered /api route and nothing else', () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([url, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`),
      ),
    );
    const registered = ctx.app.declaredRoutes
      .filter((route) => route.method !== 'HEAD')
      .filter((route) => !(API_REFERENCE_ROUTES as readonly string[]).includes(route.url))
      .map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered.filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
    expect([...documented].filter((route) => !registered.includes(route))).toEqual([]);
    for (const url of Object.keys(document.paths)) expect(url.startsWith('/api/')).toBe(true);
  });

  it('states the cookie authentication: required everywhere but on public calls', () => {
    expect(document.components.securitySchemes[SESSION_COOKIE_SCHEME]).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'assay.sid',
    });
    for (const route of ctx.app.declaredRoutes) {
      if (
        route.method === 'HEAD' ||
        (API_REFERENCE_ROUTES as readonly string[]).includes(route.url)
      )
        continue;
      const op = operation(route.method, route.url);
      if (route.access === 'public') expect(op.security).toEqual([]);
      else {
        expect(op.security).toEqual([{ [SESSION_COOKIE_SCHEME]: [] }]);
        expect(op.responses['401']).toBeDefined();
        expect(op.responses['403']).toBeDefined();
      }
      expect(op.responses['503']).toBeDefined();
    }
    expect(operation('POST', '/api/auth/login').tags).toEqual(['Authentication']);
    expect(operation('GET', '/api/admin/reviewers').tags).toEqual(['Admin']);
  });

  it('gives parameters, bodies and the shared error shape', () => {
    const setPassword = operation('POST', '/api/admin/reviewers/:id/set-password');
    expect(setPassword.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    const body = setPassword.requestBody?.content['application/json']?.schema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(body.required).toContain('password');
    expect(responseSchema(setPassword, '400')).toEqual({ $ref: '#/components/schemas/Error' });
    expect(document.components.schemas.Error).toMatchObject({
      required: ['message'],
      properties: { message: { type: 'string' } },
    });
    const login = operation('POST', '/api/auth/login');
    const loginBody = login.requestBody?.content['application/json']?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(loginBody.properties)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('declares the answers of the pre-serialised reads', () => {
    const reads: Array<[string, string[]]> = [
      ['/api/admin/stats', ['totalReviewers']],
      ['/api/admin/analytics/heatmap', []],
      ['/api/admin/analytics/opportunities', []],
      ['/api/admin/analytics/reviewers', []],
      ['/api/admin/top-opportunities', []],
      ['/api/admin/results', []],
      ['/api/reviewer/opportunities', []],
    ];
    for (const [url, properties] of reads) {
      const schema = responseSchema(operation('GET', url), '200') as {
        type?: string;
        properties?: Record<string, unknown>;
        items?: unknown;
      };
      expect(schema, url).toBeDefined();
      expect(['object', 'array'], url).toContain(schema.type);
      for (const property of properties) expect(schema.properties, url).toHaveProperty(property);
    }
    const heatmap = responseSchema(operation('GET', '/api/admin/analytics/heatmap'), '200') as {
      items: { properties: Record<string, unknown> };
    };
    expect(Object.keys(heatmap.items.properties)).toEqual(
      expect.arrayContaining(['reviewerId', 'reviewerName', 'opportunities']),
    );
  });

  it('describes the CSV exports as text/csv', () => {
    const exportOp = operation('GET', '/api/admin/export/:type');
    expect(exportOp.responses['200']?.content?.['text/csv; charset=utf-8']).toBeDefined();
  });

  it("describes the meeting's events as a text/event-stream", () => {
    const events = operation('GET', '/api/meeting/events');
    expect(Object.keys(events.responses['200']?.content ?? {})).toEqual(['text/event-stream']);
    expect((events as { description?: string }).description).toContain('event: meeting');
    expect(responseSchema(operation('GET', '/api/meeting'), '200')).toMatchObject({
      type: 'object',
      properties: { now: expect.anything(), next: expect.anything() },
    });
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page with no inline script, under the strict policy', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/api\/docs\/assets\//);
      expect(body!.trim()).toBe('');
    }
    const policy = String(page.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('unsafe-eval');

    for (const [, attributes] of scripts) {
      const src = /src="([^"]+)"/.exec(attributes!)![1]!;
      const asset = await ctx.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
    }
    const initializer = await ctx.app.inject({
      method: 'GET',
      url: '/api/docs/assets/initializer.js',
    });
    expect(initializer.body).toContain(`url: '${OPENAPI_PATH}'`);
  });

  it('serves only its own files', async () => {
    for (const file of ['..%2Fpackage.json', 'index.html', 'swagger-ui-bundle.js.map']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/docs/assets/${file}` });
      expect(response.statusCode, file).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });
});
