import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { Contract } from '@phonebot/shared';

/**
 * Every JSON answer the API tests receive is checked twice, beside the router's own check against the contract:
 * against the official JSON:API schema, and against the answer the OpenAPI document declares for its operation and
 * status. A test whose request gets an answer that fails either check fails.
 */

const require = createRequire(import.meta.url);
const jsonApiSchema = require('jsonapi-validator/lib/schema.json') as object;
const draft6 = require('ajv/dist/refs/json-schema-draft-06.json') as object;
// ajv-formats is CommonJS with its function as the default export.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addMetaSchema(draft6);
addFormats(ajv);
const validateJsonApi = ajv.compile(jsonApiSchema);

function problems(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: '; ', dataVar: 'answer' });
}

export function jsonApiProblems(document: unknown): string | undefined {
  return validateJsonApi(document) ? undefined : problems(validateJsonApi);
}

let documents = 0;

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: Record<string, Record<string, unknown>>;
};

/** Checks answers against an OpenAPI document; operations are found by method and path template. */
export function openApiChecker(document: OpenApiDocument, contracts: Contract[], prefix: string) {
  const operations = contracts.map((contract) => ({
    contract,
    pattern: new RegExp(`^${prefix}${contract.path.replace(/:(\w+)/g, '[^/]+')}/?$`),
    template: prefix + contract.path.replace(/:(\w+)/g, '{$1}'),
  }));
  // Concrete paths first, so /calls/export is not taken for /calls/{id}.
  operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  const validators = new Map<string, ValidateFunction>();
  const resolve = (answer: unknown): unknown => {
    const ref = (answer as { $ref?: string }).$ref;
    if (!ref) return answer;
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
    return resolve(document.components[section!]?.[name!]);
  };
  const key = `openapi-${++documents}`;
  ajv.addSchema({ components: document.components }, key);

  return (method: string, url: string, status: number, body: unknown): string | undefined => {
    const path = url.split('?')[0]!;
    const found = operations.find((op) => op.contract.method === method && op.pattern.test(path));
    if (!found) return undefined;
    const operation = `${method} ${found.template} ${status}`;
    let validate = validators.get(operation);
    if (!validate) {
      const answer = resolve(document.paths[found.template]?.[method.toLowerCase()]?.responses[String(status)]) as
        { content?: Record<string, { schema: unknown }> } | undefined;
      if (!answer) return `${operation} is not in the OpenAPI document`;
      const schema = answer.content?.['application/vnd.api+json']?.schema;
      if (!schema) return body === undefined ? undefined : `${operation} declares no JSON body but answered one`;
      const withRefs = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${key}#/components/`));
      validate = ajv.compile(withRefs);
      validators.set(operation, validate);
    }
    return validate(body) ? undefined : `${operation}: ${problems(validate)}`;
  };
}
