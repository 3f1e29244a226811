import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCESS_LEVELS, type Access, isApiPath } from './route-access';

const openApiDocumentSchema = z.object({ openapi: z.string() }).loose();

/**
 * The API reference (issue 20): an OpenAPI 3.1 document generated from the routes' own zod
 * schemas at `GET /api/openapi.json`, and a reference page at `/api/docs` (Swagger UI from
 * `swagger-ui-dist`, served from this origin with an initializer file, so it runs under the
 * app's Content-Security-Policy without any inline script).
 */

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
const ASSETS_PATH = `${API_DOCS_PATH}/assets`;

/** The reference's own routes: public, and left out of the document they serve. */
export const API_REFERENCE_ROUTES = [API_DOCS_PATH, `${ASSETS_PATH}/:file`] as const;

export const SESSION_COOKIE_SCHEME = 'sessionCookie';

const errorSchema = {
  type: 'object',
  description:
    'Every error: a message meant for people; a failed validation also lists its issues (path and message per field).',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const TAG_OF_PREFIX: ReadonlyArray<[prefix: string, tag: string]> = [
  ['/api/admin/', 'Admin'],
  ['/api/reviewer/', 'Reviewer'],
  ['/api/auth/', 'Authentication'],
  ['/api/invitations/', 'Invitations'],
];

function tagOf(url: string): string {
  return TAG_OF_PREFIX.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 'General';
}

function accessOf(route: RouteOptions): Access {
  const access = route.config?.access;
  return (ACCESS_LEVELS as readonly string[]).includes(String(access))
    ? (access as Access)
    : 'public';
}

const WHO: Record<Access, string> = {
  public: 'Anyone.',
  'signed-in': 'Any signed-in, active user.',
  admin: 'An active admin.',
  reviewer: 'An active reviewer.',
};

type DocumentedSchema = FastifySchema & {
  tags?: string[];
  description?: string;
  security?: Array<Record<string, string[]>>;
  response?: Record<string, unknown>;
};

/**
 * The zod provider's transform, then what every route shares and no route repeats: its tag, who
 * may call it and how (the session cookie), and the error answers its declarations imply.
 */
function documentRoute(
  input: Parameters<typeof jsonSchemaTransform>[0],
): ReturnType<typeof jsonSchemaTransform> {
  // Only the API: the web app's pages and files are not part of it.
  if (!isApiPath(input.url)) return { url: input.url, schema: { hide: true } as FastifySchema };
  const transformed = jsonSchemaTransform(input);
  const schema = transformed.schema as DocumentedSchema;
  if ((schema as { hide?: boolean }).hide) return transformed;
  const { route } = input;
  const access = accessOf(route);
  const declared = input.schema as DocumentedSchema | undefined;
  const validates = Boolean(declared?.body || declared?.querystring || declared?.params);
  const response: Record<string, unknown> = { ...(schema.response ?? {}) };
  if (validates) response['400'] ??= errorResponse('The input is invalid (see `issues`).');
  if (access !== 'public') {
    response['401'] ??= errorResponse('Not signed in, or the session has ended.');
    response['403'] ??= errorResponse(
      'The account is deactivated or has another role, or the request came from another site.',
    );
  }
  response['4XX'] ??= errorResponse('Any other refusal, with its reason in `message`.');
  response['503'] ??= errorResponse('The database is unavailable; try again shortly.');
  const description = [schema.description, `Who may call it: ${WHO[access]}`]
    .filter(Boolean)
    .join('\n\n');
  return {
    url: transformed.url,
    schema: {
      ...schema,
      tags: schema.tags ?? [tagOf(input.url)],
      description,
      security: access === 'public' ? [] : [{ [SESSION_COOKIE_SCHEME]: [] }],
      response,
    } as FastifySchema,
  };
}

const API_DESCRIPTION = `The JSON API of Assay, the opportunity evaluation platform: the same calls its web app makes.

**Signing in.** \`POST /api/auth/login\` with \`{"email", "password"}\` answers the user and sets the
session cookie \`assay.sid\`; send that cookie with every later call (a cookie jar does it).
\`POST /api/auth/logout\` ends the session.

**Same origin.** A call that changes something (POST, PATCH, PUT, DELETE) must send an \`Origin\`
header equal to the server's \`PUBLIC_URL\` (a browser does it; a script must add it), or it is
refused with 403.

**Errors.** Every error is JSON \`{"message"}\`; a failed validation adds \`issues\`, one per field.
Reads of large aggregates (dashboard, analytics, heatmap, results, the reviewer list) are shared
by concurrent callers and may be up to one run old.`;

/** @fastify/swagger on the root instance, before any route, so that it sees every route. */
export async function registerOpenApi(app: FastifyInstance, options: { version: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Assay API', version: options.version, description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          [SESSION_COOKIE_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'assay.sid' },
        },
        schemas: { Error: errorSchema as unknown as Record<string, unknown> },
      },
    },
    transform: documentRoute,
  });
}

/** The version the document states: the package's, read from the working directory. */
export function packageVersion(): string {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.resolve('package.json'), 'utf8'));
    return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

const require = createRequire(import.meta.url);

/** The files of the reference page: Swagger UI's, and its initializer (ours, not inline). */
function assetFiles(): Map<string, { file: string; type: string }> {
  const dist = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  return new Map([
    ['swagger-ui.css', { file: path.join(dist, 'swagger-ui.css'), type: 'text/css' }],
    [
      'swagger-ui-bundle.js',
      { file: path.join(dist, 'swagger-ui-bundle.js'), type: 'text/javascript' },
    ],
    ['favicon-32x32.png', { file: path.join(dist, 'favicon-32x32.png'), type: 'image/png' }],
  ]);
}

const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    withCredentials: true,
    validatorUrl: null,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference - Assay</title>
    <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png" />
    <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS_PATH}/initializer.js"></script>
  </body>
</html>
`;

/** GET /api/openapi.json, the reference page and its files; registered inside the /api scope. */
export async function apiReferenceRoutes(app: FastifyInstance) {
  const files = assetFiles();
  const hidden = { hide: true } as FastifySchema;
  let document: string | undefined;

  app.get(
    OPENAPI_PATH,
    {
      config: { access: 'public' },
      schema: {
        description: 'This document: the OpenAPI 3.1 description of every /api call.',
        response: {
          200: {
            description: 'An OpenAPI 3.1 document.',
            content: { 'application/json': { schema: openApiDocumentSchema } },
          },
        },
      },
    },
    async (_request, reply) => {
      // Built once, on first use: every route is registered by then.
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );

  app.get(
    API_DOCS_PATH,
    { config: { access: 'public' }, schema: hidden },
    async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
  );

  app.get<{ Params: { file: string } }>(
    `${ASSETS_PATH}/:file`,
    { config: { access: 'public' }, schema: hidden },
    async (request, reply) => {
      const { file } = request.params;
      reply.header('cache-control', 'public, max-age=3600');
      if (file === 'initializer.js') {
        return reply.type('text/javascript; charset=utf-8').send(INITIALIZER);
      }
      const asset = files.get(file);
      if (!asset) return reply.code(404).send({ message: 'Not found' });
      return reply.type(asset.type).send(fs.createReadStream(asset.file));
    },
  );
}
