import { z } from 'zod';
import { type AnswerSpec, type Contract, JSONAPI_MEDIA_TYPE, errorDocumentSchema } from '@phonebot/shared';
import { statusTitle } from './errors';
import { resourceShapes } from './jsonapi-query';
import { answerStatuses } from './router';

/** What each tag of the API groups, for the document's tag list. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: 'Sign-up, sign-in, e-mail verification and password reset.',
  Users: 'The users of a company.',
  Profile: 'The signed-in user, their password and avatar, and the company profile.',
  Dashboard: 'Counts for the home dashboard.',
  Customers: 'The companies using the service (super administrator).',
  Phonebots: 'Phonebots and their configuration.',
  'Bot API': 'What the phonebot runtime calls with its bot token.',
  Calls: 'The call log: lists, changes, notes and SMS.',
  Guests: 'Guest accounts (super administrator).',
  Billing: 'The card checkout of a phonebot and the payment provider’s webhook.',
  'Calls History': 'Monthly call counts per customer and phonebot (super administrator).',
  Usage: 'Calls per customer and phonebot over twelve months with each phonebot’s payment state (super administrator).',
  System: 'The API’s own description.',
  Insights: 'Call statistics of a company, read from counts kept with every change of a call.',
  Events: 'Live updates: the company’s call log as Server-Sent Events.',
  'Caller data':
    'A caller’s rights over what a company keeps of their number: export (access) and erasure, with their counts.',
  Connectors: 'Calls that voice-agent platforms (Vapi, Retell, ElevenLabs) post, signed with the platform’s secret.',
  Integrations: 'API keys for scripts and signed outgoing webhooks, for company admins.',
  Compatibility:
    'The original routes of the portal, kept for existing clients; they share services with the resources.',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
  return withoutRepeatedAlternatives(json) as Record<string, unknown>;
}

/**
 * OpenAPI 3.0 has no tuples: zod writes a tuple's items as `anyOf` its item schemas, which repeats one schema when
 * the items are alike (a business-hours interval is two times of day). An `anyOf` of equal schemas is that schema.
 */
function withoutRepeatedAlternatives(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRepeatedAlternatives);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withoutRepeatedAlternatives(value)] as const);
  const object = Object.fromEntries(entries) as Record<string, unknown>;
  const { anyOf, ...rest } = object;
  if (!Array.isArray(anyOf) || anyOf.length < 2) return object;
  const first = JSON.stringify(anyOf[0]);
  if (!anyOf.every((alternative) => JSON.stringify(alternative) === first)) return object;
  return { ...(anyOf[0] as Record<string, unknown>), ...rest };
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

/**
 * JSON:API's query parameters of an operation that answers resources (lib/jsonapi-query.ts): `fields[TYPE]` for each
 * type it answers, and `sort` with the fields it sorts by, or no `sort` where it answers 400.
 */
function jsonApiParameters(contract: Contract, query: { name: string; schema: unknown }[]) {
  const shapes = resourceShapes(contract);
  if (shapes.size === 0) return query;
  const sortable = contract.sorts;
  const sort = sortable
    ? [
        {
          name: 'sort',
          in: 'query',
          required: false,
          description: 'One field, ascending, or descending when led by `-`; another sort answers 400.',
          schema: { type: 'string', enum: sortable.flatMap((field) => [field, `-${field}`]) },
        },
      ]
    : [];
  const keepsOwnSort = !sortable && contract.tags.includes('Compatibility');
  const fields = [...shapes].map(([type, attributes]) => ({
    name: `fields[${type}]`,
    in: 'query',
    required: false,
    description: `Only these attributes of \`${type}\` resources, comma-separated (JSON:API sparse fieldset); an unknown one answers 400.`,
    schema: { type: 'string', example: [...attributes].slice(0, 2).join(',') },
  }));
  return [...query.filter((p) => p.name !== 'sort' || keepsOwnSort), ...sort, ...fields];
}

function answer(status: number, spec: AnswerSpec | undefined) {
  if (spec === undefined) return { $ref: `#/components/responses/Error${status}` };
  if (spec === null) return { description: statusTitle(status) };
  if (spec instanceof z.ZodType) {
    return {
      description: statusTitle(status),
      content: { [JSONAPI_MEDIA_TYPE]: { schema: jsonSchema(spec, 'output') } },
    };
  }
  return {
    description: spec.description,
    ...(spec.contentType ? { content: { [spec.contentType]: { schema: { type: 'string' } } } } : {}),
  };
}

function securityOf(contract: Contract) {
  if (contract.auth === 'user')
    return contract.ticketAuth ? [{ bearerAuth: [] }, { eventTicket: [] }] : [{ bearerAuth: [] }];
  if (contract.auth === 'bot') return [{ botToken: [] }];
  return [];
}

/** The OpenAPI 3 document of every registered operation, generated from the same contracts that validate them. */
export function buildOpenApi(contracts: Contract[], prefix: string, options: { version: string; termsUrl: string }) {
  const { version } = options;
  const paths: Record<string, Record<string, unknown>> = {};
  const errorStatuses = new Set<number>();
  const usedTags = new Set<string>();
  for (const contract of contracts) {
    const path = prefix + contract.path.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, unknown> = {};
    for (const status of answerStatuses(contract)) {
      const spec = contract.responses[status];
      if (spec === undefined) errorStatuses.add(status);
      responses[String(status)] = answer(status, spec);
    }
    contract.tags.forEach((tag) => usedTags.add(tag));
    const operation: Record<string, unknown> = {
      operationId: contract.operationId,
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      tags: [...contract.tags],
      security: securityOf(contract),
      parameters: [
        ...parameters(contract.params, 'path'),
        ...jsonApiParameters(contract, parameters(contract.query, 'query')),
      ],
      responses,
    };
    if (contract.operations) operation['x-operations'] = contract.operations;
    if (contract.upload) {
      const { field, contentTypes, description } = contract.upload;
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: [field],
              properties: { [field]: { type: 'string', format: 'binary', description } },
            },
            encoding: { [field]: { contentType: contentTypes.join(', ') } },
          },
        },
      };
    }
    if (contract.body) {
      const schema = jsonSchema(contract.body, 'input');
      operation.requestBody = {
        required: contract.method !== 'DELETE',
        content: contract.formBody
          ? { 'application/x-www-form-urlencoded': { schema } }
          : { [JSONAPI_MEDIA_TYPE]: { schema }, 'application/json': { schema } },
      };
    }
    (paths[path] ??= {})[contract.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Phonebot Portal API',
      version,
      description:
        'Every answer is a JSON:API document (application/vnd.api+json); errors are JSON:API error objects. Send the access token of POST /login as `Authorization: Bearer <token>`.',
      license: { name: 'Proprietary: the operator’s terms of use', url: options.termsUrl },
    },
    servers: [{ url: '/' }],
    tags: [...usedTags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An access token from POST /login.' },
        botToken: { type: 'http', scheme: 'bearer', description: 'A phonebot’s bot token (pbt_…).' },
        eventTicket: {
          type: 'apiKey',
          in: 'query',
          name: 'ticket',
          description: 'A single-use ticket from POST /events/ticket (valid 60 seconds), for the event stream only.',
        },
      },
      schemas: { ErrorDocument: jsonSchema(errorDocumentSchema, 'output') },
      responses: Object.fromEntries(
        [...errorStatuses]
          .sort((a, b) => a - b)
          .map((status) => [
            `Error${status}`,
            {
              description: statusTitle(status),
              content: { [JSONAPI_MEDIA_TYPE]: { schema: { $ref: '#/components/schemas/ErrorDocument' } } },
            },
          ]),
      ),
    },
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
          security: unknown[];
          requestBody?: { content: Record<string, { schema: unknown }> };
          parameters: { name: string; in: string; required: boolean }[];
          responses: Record<string, { description?: string; $ref?: string }>;
        };
        const body = operation.requestBody
          ? `<h4>Body</h4><pre>${escapeHtml(JSON.stringify(Object.values(operation.requestBody.content)[0]?.schema, null, 2))}</pre>`
          : '';
        const params = operation.parameters.length
          ? `<h4>Parameters</h4><ul>${operation.parameters.map((p) => `<li><code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})</li>`).join('')}</ul>`
          : '';
        const responses = `<h4>Answers</h4><ul>${Object.entries(operation.responses)
          .map(
            ([status, r]) =>
              `<li><code>${status}</code> ${escapeHtml(r.description ?? statusTitle(Number(status)))}</li>`,
          )
          .join('')}</ul>`;
        return `<section><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3><p>${escapeHtml(operation.summary)}${operation.security.length ? ' <em>(needs a bearer token)</em>' : ''}</p>${params}${body}${responses}</section>`;
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}section{border-top:1px solid #ddd;padding:.5rem 0}pre{background:#f4f4f5;padding:.75rem;overflow:auto;font-size:12px}code{font-size:14px}</style>
</head><body><h1>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</h1><p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable document: <a href="${escapeHtml(openApiUrl)}">${escapeHtml(openApiUrl)}</a></p>${sections}</body></html>`;
}
