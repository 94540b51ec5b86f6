import * as z from 'zod';

/**
 * Conventions of the model:
 * - Answers (what the API returns) are `answer(...)`: unknown extra fields are kept, so a new API field never breaks
 *   the client. Identity fields are required; descriptive fields are optional/nullable as the API omits them.
 * - Requests (what we send) are `request(...)`: strict, so a typo in a payload is caught before it leaves.
 */
export const answer = <Shape extends z.ZodRawShape>(shape: Shape) => z.looseObject(shape);

/** A strict request body: unknown fields are an error. */
export const request = <Shape extends z.ZodRawShape>(shape: Shape) => z.strictObject(shape);

/**
 * A request body without the fields its model does not know, at any depth: what the API would read of it. Unknown
 * fields are hints to the person writing the body (the real API knows fields the spec does not list), never a reason
 * to refuse it, so the sandbox and the client read past them.
 */
export function withoutUnknownFields(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const copy = structuredClone(value) as unknown;
  for (const issue of result.error.issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const target = issue.path.reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
      copy,
    );
    if (target !== null && typeof target === 'object') {
      for (const key of issue.keys) delete (target as Record<string, unknown>)[key];
    }
  }
  return copy;
}

/** An ISO 8601 timestamp as the API writes it. */
export const Timestamp = z.string().describe('ISO 8601 timestamp');

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** `{id, name}` pairs (city, state, country, neighborhood…). Ids are strings on most resources. */
export const IdName = answer({
  id: z.union([z.string(), z.number()]).nullish(),
  name: z.string().nullish(),
});

/** Offset paging block returned by searches. */
export const Paging = answer({
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type Paging = z.infer<typeof Paging>;

/** User ids exceed 32 bits; they still fit a JS number exactly. */
export const UserId = z.number().int().nonnegative();

/** Site ids of the marketplace's country sites. */
export const SiteId = z.string().regex(/^M[A-Z]{2}$/, 'A site id such as MLA, MLB, MLM or MCO');
