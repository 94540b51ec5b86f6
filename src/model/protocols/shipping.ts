import * as z from 'zod';

// Messages between the shipping quote panel's host (src/features/shipping/) and its webview (webview/shipping/).
// Both sides validate what they receive with these schemas. The host makes every request and turns answers into
// rows with the rules of src/rules/ (the promise in words, costs, tracking, display); the webview only shows them.
// The token never appears in any message.

/** The six forms, one per shipping endpoint of the spec. */
export const QUOTE_MODES = ['siteZip', 'sellerZip', 'siteCities', 'sellerCities', 'item', 'leadTime'] as const;
export type QuoteMode = (typeof QUOTE_MODES)[number];
export const QuoteModeSchema = z.enum(QUOTE_MODES);

/** What each form sends; every field is text as typed (the rules check it on both sides). */
export const QuoteInputs = z.object({
  site: z.string().default(''),
  zipFrom: z.string().default(''),
  zipTo: z.string().default(''),
  zip: z.string().default(''),
  userId: z.string().default(''),
  cityFrom: z.string().default(''),
  /** Destination city ids (several for the city modes, one for an item). */
  citiesTo: z.array(z.string()).default([]),
  dimensions: z.string().default(''),
  itemId: z.string().default(''),
  shipmentId: z.string().default(''),
});
export type QuoteInputs = z.infer<typeof QuoteInputs>;

/** The API's parameter names, as the rules' messages and the API's name them, and the form's input of each. */
export const FIELD_OF_PARAMETER: Readonly<Record<string, keyof QuoteInputs>> = {
  site_id: 'site',
  zip_code_from: 'zipFrom',
  zip_code_to: 'zipTo',
  zip_code: 'zip',
  user_id: 'userId',
  city_from: 'cityFrom',
  city_to: 'citiesTo',
  dimensions: 'dimensions',
  item_id: 'itemId',
  shipment_id: 'shipmentId',
};

/** The form's input a parameter name (or an input's own name) stands for, among the known ones only. */
export function fieldOfParameter(name: string): keyof QuoteInputs | undefined {
  if (Object.hasOwn(FIELD_OF_PARAMETER, name)) return FIELD_OF_PARAMETER[name];
  return Object.hasOwn(QuoteInputs.shape, name) ? (name as keyof QuoteInputs) : undefined;
}

/** A site as the form offers it: how it quotes (postal codes or cities) and its known cities. */
export const QuoteSite = z.object({
  id: z.string(),
  name: z.string(),
  /** Postal codes (true) or cities only (MCO). */
  zipBased: z.boolean(),
  /** Whether the site quotes by city (`quotesCitiesOn`): MCO by the spec, and any site whose cities are listed. */
  cityBased: z.boolean().default(false),
  /** Digits of a postal code, and an example. */
  zipLength: z.number().int().optional(),
  zipExample: z.string().optional(),
  /** Cities the environment lists (the sandbox does; the real API's list is not in the spec): id and name. */
  cities: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
});
export type QuoteSite = z.infer<typeof QuoteSite>;

/** One shipping option as a row of the result table, in words. */
export const QuoteRow = z.object({
  /** The option's rule id and method id, for keys and the JSON. */
  id: z.string(),
  name: z.string(),
  /** "Free (list price 1,250.00)", "1,062.50 (list price 1,250.00, 15% off)". */
  cost: z.string(),
  /** The final cost as a number, for sorting. */
  costValue: z.number(),
  free: z.boolean(),
  /** "Tracked by the marketplace", "Seller supplies the tracking", "No tracking". */
  tracking: z.string(),
  /** "24 h" / "unknown". */
  handling: z.string(),
  transport: z.string(),
  /** The delivery promise in words, from `src/rules/deliveryPromise.ts`. */
  promise: z.string(),
  /** Hours until delivery at the latest (for sorting by speed); null when unknown. */
  speedHours: z.number().nullable(),
  display: z.string(),
  recommended: z.boolean(),
  cheapest: z.boolean().default(false),
  fastest: z.boolean().default(false),
});
export type QuoteRow = z.infer<typeof QuoteRow>;

/** One destination's block: its label and rows, shown and folded ("Show all options"). */
export const QuoteBlock = z.object({
  /** City id in the city modes, '' otherwise. */
  key: z.string(),
  /** "Rio de Janeiro, RJ (20040002)", "Medellín (TUNPQ01FREU)". */
  destination: z.string(),
  rows: z.array(QuoteRow),
  /** Optional options a faster and cheaper one dominates. */
  folded: z.array(QuoteRow).default([]),
  /** Facts of the whole block (`settings.allow_add_cost`, the buyer…), in words. */
  notes: z.array(z.string()).default([]),
});
export type QuoteBlock = z.infer<typeof QuoteBlock>;

/** A quote's outcome: the request made and its blocks (one per destination). */
export const QuoteResult = z.object({
  mode: QuoteModeSchema,
  method: z.literal('GET'),
  /** Path and query, as the Request History shows them. */
  path: z.string(),
  durationMs: z.number().nonnegative().optional(),
  blocks: z.array(QuoteBlock),
  /** For the lead time: the shipment's method, cost and limits in words. */
  summary: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
});
export type QuoteResult = z.infer<typeof QuoteResult>;

/** A refused or failed quote: the API's words, its causes, the form field it names, and the next step. */
export const QuoteFailure = z.object({
  mode: QuoteModeSchema,
  path: z.string().optional(),
  status: z.number().int().optional(),
  error: z.string().optional(),
  message: z.string(),
  causes: z.array(z.object({ code: z.string().optional(), message: z.string() })).default([]),
  /** The input the failure is about (`dimensions`, `zipTo`…), when it names one. */
  field: z.string().optional(),
  next: z.string().default(''),
});
export type QuoteFailure = z.infer<typeof QuoteFailure>;

/** Host → shipping webview. */
export const ShippingHostMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    /** "the local sandbox", or "the Marketplace API", for the header. */
    environment: z.string(),
    account: z.object({ userId: z.string(), siteId: z.string(), nickname: z.string() }).nullable(),
    sites: z.array(QuoteSite),
    /** The mode to show and the inputs of every mode (the last ones used, or a prefill from the explorer). */
    mode: QuoteModeSchema,
    inputs: z.record(QuoteModeSchema, QuoteInputs),
  }),
  z.object({ type: z.literal('loading'), mode: QuoteModeSchema }),
  z.object({ type: z.literal('result'), result: QuoteResult }),
  z.object({ type: z.literal('failure'), failure: QuoteFailure }),
]);
export type ShippingHostMessage = z.infer<typeof ShippingHostMessage>;

/** Shipping webview → host. */
export const ShippingViewMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('quote'), mode: QuoteModeSchema, inputs: QuoteInputs }),
  /** The inputs as typed, kept by the host across restarts (debounced by the webview). */
  z.object({ type: z.literal('keepInputs'), mode: QuoteModeSchema, inputs: QuoteInputs }),
  /** The rows of a result are on screen (the bench's "first rendered result"). */
  z.object({ type: z.literal('rendered'), path: z.string() }),
  z.object({ type: z.literal('copyAsCurl') }),
  z.object({ type: z.literal('openAsJson') }),
]);
export type ShippingViewMessage = z.infer<typeof ShippingViewMessage>;

/** What the webview keeps across its own reloads (VS Code's webview state). */
export const ShippingViewState = z.object({
  mode: QuoteModeSchema,
  inputs: z.record(QuoteModeSchema, QuoteInputs),
});
export type ShippingViewState = z.infer<typeof ShippingViewState>;
