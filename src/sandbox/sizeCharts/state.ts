/** A size chart as the sandbox keeps it: measurement values are stored as shown (a range already as one figure). */
export interface SandboxSizeChart {
  id: number;
  name: string;
  /** The creator's site; the chart's measurements are drawn from it. */
  site_id: string;
  owner_id: number;
  sizes: { name: string; measurements: { id: string; value: string }[] }[];
  /** Associated item ids in the order they were sent. An item belongs to at most one chart. */
  items: string[];
  date_created: string;
  last_updated: string;
}

export interface SizeChartsSlice {
  /** Charts by id (as a string, since the state is one JSON document). */
  charts: Record<string, SandboxSizeChart>;
}
