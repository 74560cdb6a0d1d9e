import type { Contract } from '@phonebot/shared';
import { z } from 'zod';
import { ApiError, errorObject } from './errors';

/**
 * JSON:API's query parameters on the operations that answer resources (docs/api.md, "Conventions"):
 *
 * - `include`: no resource has relationships to include, so any `include` answers 400;
 * - `fields[TYPE]`: sparse fieldsets work on every such operation: only the listed attributes of resources of
 *   TYPE are answered; a type the operation does not answer, or an attribute the type does not have, answers 400;
 * - `sort`: one field, optionally led by `-`, from the operation's `sorts`; anything else answers 400. An original
 *   route (tag `Compatibility`) that does not sort keeps ignoring it, as it always did.
 *
 * Each refusal is a JSON:API error object naming the parameter in `source.parameter`.
 */

/** The resource types an operation answers, each with the names of its attributes. */
type ResourceShapes = ReadonlyMap<string, ReadonlySet<string>>;

type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  values?: unknown[];
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a schema stands for once wrappers (optional, nullable, pipes, unions, arrays) are looked through. */
function* variants(schema: z.ZodType, depth = 0): Generator<z.ZodType> {
  if (depth > 12) return;
  const def = defOf(schema);
  const next = (inner: z.ZodType | undefined) => (inner ? variants(inner, depth + 1) : []);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      yield* next(def.innerType);
      return;
    case 'pipe':
      // An answer is sent as the handler built it: the input side of a transform is what goes on the wire.
      yield* next(def.in);
      return;
    case 'lazy':
      yield* next(def.getter?.());
      return;
    case 'array':
      yield* next(def.element);
      return;
    case 'union':
      for (const option of def.options ?? []) yield* variants(option, depth + 1);
      return;
    case 'intersection':
      yield* next(def.left);
      yield* next(def.right);
      return;
    default:
      yield schema;
  }
}

/** The keys of an object schema and of every object a wrapper or union of it stands for. */
function keysOf(schema: z.ZodType): string[] {
  return [...variants(schema)].flatMap((variant) => Object.keys(defOf(variant).shape ?? {}));
}

const shapesByContract = new WeakMap<Contract, ResourceShapes>();

/** The resource objects in the `data` of an operation's success answers, by type. */
export function resourceShapes(contract: Contract): ResourceShapes {
  const known = shapesByContract.get(contract);
  if (known) return known;
  const shapes = new Map<string, Set<string>>();
  for (const spec of Object.values(contract.responses)) {
    if (!(spec instanceof z.ZodType)) continue;
    for (const document of variants(spec)) {
      const data = defOf(document).shape?.data;
      if (!data) continue;
      for (const resource of variants(data)) {
        const shape = defOf(resource).shape;
        if (!shape?.type || !shape.attributes) continue;
        const types = [...variants(shape.type)].flatMap((literal) => defOf(literal).values ?? []);
        for (const type of types) {
          if (typeof type !== 'string') continue;
          const attributes = shapes.get(type) ?? new Set<string>();
          keysOf(shape.attributes).forEach((name) => attributes.add(name));
          shapes.set(type, attributes);
        }
      }
    }
  }
  shapesByContract.set(contract, shapes);
  return shapes;
}

const refuse = (parameter: string, detail: string) =>
  new ApiError(400, [errorObject(400, 'invalidInput', { detail, parameter })]);

/** A query value as one text: a repeated parameter's values joined by commas. */
function text(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(',') : String(value ?? '');
}

const FIELDS = /^fields\[([^\]]*)\]$/;

/**
 * Checks an operation's JSON:API query parameters (see above) and answers the sparse fieldsets asked for, by type;
 * undefined when the operation answers no resources or none were asked for.
 */
export function readJsonApiQuery(
  contract: Contract,
  query: Record<string, unknown>,
): Map<string, ReadonlySet<string>> | undefined {
  const shapes = resourceShapes(contract);
  if (shapes.size === 0) return undefined;
  if ('include' in query) {
    throw refuse('include', 'This operation includes no related resources; leave out include.');
  }
  if ('sort' in query) checkSort(contract, text(query.sort));
  let fields: Map<string, ReadonlySet<string>> | undefined;
  for (const [name, value] of Object.entries(query)) {
    if (name !== 'fields' && !name.startsWith('fields[')) continue;
    const type = FIELDS.exec(name)?.[1];
    if (type === undefined) throw refuse(name, 'A sparse fieldset is written fields[TYPE]=attribute,attribute.');
    const attributes = shapes.get(type);
    if (!attributes) {
      throw refuse(name, `This operation answers no "${type}" resources; it answers ${[...shapes.keys()].join(', ')}.`);
    }
    const listed = text(value)
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    const unknown = listed.find((field) => !attributes.has(field));
    if (unknown !== undefined) throw refuse(name, `"${type}" resources have no attribute "${unknown}".`);
    (fields ??= new Map()).set(type, new Set(listed));
  }
  return fields;
}

function checkSort(contract: Contract, sort: string): void {
  const allowed = contract.sorts;
  if (!allowed) {
    if (contract.tags.includes('Compatibility')) return;
    throw refuse('sort', 'This operation cannot sort its answer; leave out sort.');
  }
  const field = sort.startsWith('-') ? sort.slice(1) : sort;
  if (!allowed.includes(field)) {
    const choices = allowed.map((name) => `${name} or -${name}`).join(', ');
    throw refuse('sort', `This list sorts by one field: ${choices}.`);
  }
}

type ResourceOut = { type?: unknown; attributes?: Record<string, unknown> };

/** Leaves out of a document's resources the attributes their type's sparse fieldset does not list. */
export function applySparseFieldsets(document: unknown, fields: ReadonlyMap<string, ReadonlySet<string>>): unknown {
  const data = (document as { data?: unknown } | null)?.data;
  if (!data || typeof data !== 'object') return document;
  const narrow = (resource: ResourceOut): ResourceOut => {
    const listed = typeof resource.type === 'string' ? fields.get(resource.type) : undefined;
    if (!listed || !resource.attributes) return resource;
    const attributes = Object.fromEntries(Object.entries(resource.attributes).filter(([name]) => listed.has(name)));
    const { attributes: _all, ...rest } = resource;
    return Object.keys(attributes).length > 0 ? { ...rest, attributes } : rest;
  };
  return {
    ...(document as object),
    data: Array.isArray(data) ? data.map((resource: ResourceOut) => narrow(resource)) : narrow(data as ResourceOut),
  };
}
