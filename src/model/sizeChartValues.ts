// The size chart values of the spec: measurement ids and limits (no schema is built here).

/** The measurement attribute ids the spec names; each site offers a subset of them. */
export const MEASUREMENT_IDS = [
  'BELT_LENGTH',
  'CHEST_CIRCUMFERENCE',
  'FOOTWEAR_LENGTH',
  'FOOTWEAR_WIDTH',
  'HEAD_CIRCUMFERENCE',
  'HIP_CIRCUMFERENCE',
  'INSEAM_LENGTH',
  'PALM_WIDTH',
  'SLEEVE_LENGTH',
  'TOTAL_LENGTH',
  'WAIST_CIRCUMFERENCE',
] as const;
export type MeasurementId = (typeof MEASUREMENT_IDS)[number];

/** Bounds of the number of distinct measurement attributes of one chart (spec Limits). */
export const MIN_MEASUREMENTS_PER_CHART = 1;
export const MAX_MEASUREMENTS_PER_CHART = 5;

/** Page size of `GET /size_charts/{id}/items`. */
export const CHART_ITEMS_PAGE_LIMIT = 50;
