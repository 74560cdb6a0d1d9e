import { z } from 'zod';
import { JSONAPI_MEDIA_TYPE } from '@phonebot/shared';
import { statusTitle } from './errors';
import type { RouteDoc } from './router';

const errorDocumentSchema = z.object({
  errors: z.array(
    z.object({
      status: z.string(),
      code: z.string().optional(),
      title: z.string(),
      detail: z.string(),
      source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
    }),
  ),
});

/** Documented error answers for a route, all JSON:API error documents. */
export function errorResponses(...statuses: number[]): RouteDoc['responses'] {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: statusTitle(status), schema: errorDocumentSchema }]),
  );
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

function parameters(schema: z.ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** The OpenAPI 3 document of every registered route, generated from the same zod schemas that validate them. */
export function buildOpenApi(routes: RouteDoc[], prefix: string, version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = prefix + route.url.replace(/:(\w+)/g, '{$1}');
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: route.tags,
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          {
            description: response.description,
            ...(response.schema
              ? {
                  content: {
                    [response.contentType ?? JSONAPI_MEDIA_TYPE]: { schema: jsonSchema(response.schema, 'output') },
                  },
                }
              : {}),
          },
        ]),
      ),
    };
    if (route.auth !== 'public') operation.security = [{ bearerAuth: [] }];
    if (route.operations) operation['x-operations'] = route.operations;
    if (route.body) {
      const schema = jsonSchema(route.body, 'input');
      operation.requestBody = {
        required: true,
        content: { [JSONAPI_MEDIA_TYPE]: { schema }, 'application/json': { schema } },
      };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Phonebot Portal API',
      version,
      description:
        'Every answer is application/vnd.api+json; errors are JSON:API error objects. Send the access token of POST /login as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A self-contained reference page (no scripts, no external assets) rendered from the OpenAPI document. */
export function renderReferencePage(doc: ReturnType<typeof buildOpenApi>, openApiUrl: string): string {
  const sections = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const operation = op as {
          summary: string;
          security?: unknown;
          requestBody?: { content: Record<string, { schema: unknown }> };
          parameters: { name: string; in: string; required: boolean }[];
          responses: Record<string, { description: string }>;
        };
        const body = operation.requestBody
          ? `<h4>Body</h4><pre>${escapeHtml(JSON.stringify(Object.values(operation.requestBody.content)[0]?.schema, null, 2))}</pre>`
          : '';
        const params = operation.parameters.length
          ? `<h4>Parameters</h4><ul>${operation.parameters.map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`).join('')}</ul>`
          : '';
        const responses = `<h4>Answers</h4><ul>${Object.entries(operation.responses)
          .map(([status, r]) => `<li><code>${status}</code> ${escapeHtml(r.description)}</li>`)
          .join('')}</ul>`;
        return `<section><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3><p>${escapeHtml(operation.summary)}${operation.security ? ' <em>(needs a bearer token)</em>' : ''}</p>${params}${body}${responses}</section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}section{border-top:1px solid #ddd;padding:.5rem 0}pre{background:#f4f4f5;padding:.75rem;overflow:auto;font-size:12px}code{font-size:14px}</style>
</head><body><h1>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</h1><p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable document: <a href="${escapeHtml(openApiUrl)}">${escapeHtml(openApiUrl)}</a></p>${sections}</body></html>`;
}
