import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { answer, Paging, request } from './common';

// The spec's values (measurement ids, limits) live in sizeChartValues.ts, which builds no schema.
export * from './sizeChartValues';

/** `type` of a measurement attribute: always NUMBER_UNIT in centimetres in the spec. */
export const MeasurementType = answer({
  id: z.string(),
  default_unit: z.string().nullish(),
});

/** One entry of `GET /size_charts/measurements?site_id=`. */
export const MeasurementAttribute = answer({
  id: z.string(),
  name: z.string().nullish(),
  type: MeasurementType.nullish(),
});
export type MeasurementAttribute = z.infer<typeof MeasurementAttribute>;

/** The whole answer of the measurements resource. */
export const MeasurementAttributes = z.array(MeasurementAttribute);

/** One measurement of a size as the API answers it (a range submitted is shown as one figure). */
export const Measurement = answer({
  id: z.string(),
  value: z.string().nullish(),
});

/** One size (row) of a chart. */
export const SizeRow = answer({
  name: z.string(),
  measurements: z.array(Measurement).nullish(),
});

/** A size chart: `POST /size_charts` (201) and `GET /size_charts/{id}`. */
export const SizeChart = answer({
  id: z.number().int(),
  name: z.string().nullish(),
  sizes: z.array(SizeRow).nullish(),
  columns: z.array(MeasurementAttribute).nullish(),
});
export type SizeChart = z.infer<typeof SizeChart>;

/** One entry of `GET /size_charts` (the caller's charts). */
export const SizeChartSummary = answer({
  id: z.number().int(),
  name: z.string().nullish(),
});
export type SizeChartSummary = z.infer<typeof SizeChartSummary>;

/** The answer of `GET /size_charts`. */
export const SizeChartSummaries = z.array(SizeChartSummary);

/** `GET /size_charts/{id}/items`: one page of associated item ids. */
export const SizeChartItems = answer({
  items: z.array(z.string()),
  paging: Paging,
});
export type SizeChartItems = z.infer<typeof SizeChartItems>;

/** The sandbox's answer to `PUT /size_charts/{id}/items` (not shown by the spec): the chart id and its full list. */
export const SizeChartAssociation = answer({
  id: z.number().int(),
  items: z.array(z.string()),
});
export type SizeChartAssociation = z.infer<typeof SizeChartAssociation>;

/** A measurement on input: its attribute id and a figure or a range written `a - b`. */
export const MeasurementInput = request({
  id: z
    .string({ error: () => l10n.t('Each measurement needs the id of a measurement attribute') })
    .min(1, { error: () => l10n.t('Each measurement needs the id of a measurement attribute') }),
  value: z
    .string({ error: () => l10n.t('Each measurement needs a value: a number such as 92 or a range such as 90 - 94') })
    .min(1, { error: () => l10n.t('Each measurement needs a value: a number such as 92 or a range such as 90 - 94') }),
});

/** A size on input. */
export const SizeInput = request({
  name: z
    .string({ error: () => l10n.t('Each size needs a name, such as M or 40') })
    .trim()
    .min(1, { error: () => l10n.t('Each size needs a name, such as M or 40') }),
  measurements: z.array(MeasurementInput),
});

/** Body of `POST /size_charts`. */
export const SizeChartCreate = request({
  name: z
    .string()
    .trim()
    .min(1, { error: () => l10n.t('The chart needs a name') }),
  sizes: z.array(SizeInput),
});
export type SizeChartCreate = z.infer<typeof SizeChartCreate>;

/** Body of `PUT /size_charts/{id}`: the complete chart, including the parts that do not change. */
export const SizeChartUpdate = SizeChartCreate;
export type SizeChartUpdate = z.infer<typeof SizeChartUpdate>;

/** Body of `PUT /size_charts/{id}/items`: the full list of items to keep (it replaces the previous one). */
export const ItemsAssociation = request({
  items: z.array(
    z
      .string({ error: () => l10n.t('An item id is the site id and the item’s number as text, e.g. "MLA1400000401"') })
      .min(1, { error: () => l10n.t('Item ids are non-empty strings such as MLA1234567890') }),
  ),
});
export type ItemsAssociation = z.infer<typeof ItemsAssociation>;
