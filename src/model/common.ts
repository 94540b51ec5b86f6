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
