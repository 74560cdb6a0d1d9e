import { z } from 'zod';

/**
 * Builders of JSON:API 1.1 documents in zod, so that every answer of the API is declared as the document it is and
 * the web app reads it with the same types.
 */

/** A resource object: `{type, id, attributes}`; ids are strings. */
export function resourceObject<T extends string, A extends z.ZodType>(type: T, attributes: A) {
  return z.object({ type: z.literal(type), id: z.string(), attributes });
}

const linkSchema = z.string();

/** `{data: resource}`, optionally with top-level meta. */
export function singleDocument<R extends z.ZodType>(resource: R) {
  return z.object({ data: resource });
}

export function singleDocumentWithMeta<R extends z.ZodType, M extends z.ZodType>(resource: R, meta: M) {
  return z.object({ data: resource, meta });
}

/** Paging links of a list; `prev` and `next` are left out at the ends. */
export const pageLinksSchema = z.object({
  self: linkSchema,
  first: linkSchema,
  prev: linkSchema.optional(),
  next: linkSchema.optional(),
  last: linkSchema,
});
export type PageLinks = z.infer<typeof pageLinksSchema>;

export const pageMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.union([z.number().int(), z.literal('all')]),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{data: [resources], meta: {total, page, per_page, ...}, links}`. */
export function listDocument<R extends z.ZodType, M extends z.ZodObject = typeof pageMetaSchema>(
  resource: R,
  meta: M = pageMetaSchema as unknown as M,
) {
  return z.object({ data: z.array(resource), meta, links: pageLinksSchema });
}

/** An answer that is no resource (an action's outcome): `{meta: {...}}`. */
export function metaDocument<M extends z.ZodType>(meta: M) {
  return z.object({ meta });
}

/**
 * A resource document as a client sends it. The router checks `type` and `id` against the operation first (409 on a
 * mismatch), so the schema only needs to describe the attributes.
 */
export function resourceRequest<T extends string, A extends z.ZodType, U extends string = never>(
  type: T,
  attributes: A,
  /** Other types the operation still takes (the contract's `resource.alsoTypes`). */
  alsoTypes: readonly U[] = [],
) {
  const types: [T | U, ...(T | U)[]] = [type, ...alsoTypes];
  return z.object({
    data: z.object({
      type: z.literal(types, { error: () => `type must be ${types.map((t) => `"${t}"`).join(' or ')}` }),
      id: z.union([z.string(), z.number()]).transform(String).optional(),
      attributes,
    }),
  });
}

/** A DELETE may carry the resource's identifier (as standard clients send it); it is checked like a write's. */
export function resourceIdentifierRequest<T extends string>(type: T) {
  return z
    .object({
      data: z
        .object({
          type: z.literal(type, { error: () => `type must be "${type}"` }),
          id: z.union([z.string(), z.number()]).transform(String).optional(),
        })
        .optional(),
      /** A sensitive action's step-up proof travels here (`password` or `code`). */
      meta: z.record(z.string(), z.unknown()).optional(),
    })
    .optional();
}

export type JsonApiErrorObject = {
  status: string;
  code?: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string; header?: string };
  /** Facts a client may act on (an SMS failure's reason), beside the English text. */
  meta?: Record<string, unknown>;
};
export type JsonApiErrorDocument = { errors: JsonApiErrorObject[] };

export const errorDocumentSchema = z.object({
  errors: z.array(
    z.object({
      status: z.string(),
      code: z.string().optional(),
      title: z.string(),
      detail: z.string(),
      source: z
        .object({ pointer: z.string().optional(), parameter: z.string().optional(), header: z.string().optional() })
        .optional(),
      meta: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
